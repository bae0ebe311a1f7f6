import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../test/support/chromium';
import type { BenchResult } from './result';
import { median, round } from './stats';

const DIST = resolve(import.meta.dirname, '../web/dist');

/**
 * DESIGN section 9 for the public site: the JavaScript the home page loads
 * first (gzipped, ≤ 90 KB), and Largest Contentful Paint of `/` in Chromium
 * on an emulated 3G phone (1.6 Mbit/s down, 150 ms RTT, 4x CPU slowdown),
 * median of 5 cold loads (< 2.5 s).
 */
export async function benchWeb(baseUrl: string): Promise<BenchResult[]> {
  const jsBytes = homeJavaScriptGzipBytes();
  const lcps: number[] = [];
  const browser = await launchChromium();
  try {
    for (let run = 0; run < 5; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((done) => {
            let latest = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) latest = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => done(latest), 1500);
          }),
      );
      lcps.push(lcp);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const lcp = median(lcps);
  return [
    {
      name: 'home page JavaScript, first load, gzipped',
      value: round(jsBytes / 1024, 1),
      unit: 'KB',
      bar: '≤ 90 KB',
      pass: jsBytes <= 90 * 1024,
    },
    {
      name: 'LCP of / on emulated 3G + 4x CPU (median of 5)',
      value: Math.round(lcp),
      unit: 'ms',
      bar: '< 2500 ms',
      pass: lcp > 0 && lcp < 2500,
    },
  ];
}

/** Scripts and module preloads named by index.html: what a first visit to / downloads. */
function homeJavaScriptGzipBytes(): number {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g))
    files.add(match[1]!);
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(DIST, file.replace(/^\//, ''))), { level: 9 }).length;
  return total;
}

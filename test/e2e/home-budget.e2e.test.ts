import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, visit } from './support/browser';

/** DESIGN section 9: at most 90 KB of JavaScript gzipped on the home page's first load. */
const HOME_JS_BUDGET_BYTES = 90 * 1000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('home page weight', () => {
  it('loads at most 90 KB of gzipped JavaScript, and no images or fonts', async () => {
    const { context, page } = await openPage(browser, PHONE);
    const scripts: Array<Promise<{ url: string; gzipped: number }>> = [];
    const otherMedia: string[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script') {
        scripts.push(
          response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body, { level: 9 }).length })),
        );
      }
      if (type === 'image' || type === 'font') otherMedia.push(response.url());
    });
    try {
      await visit(page, '/');
      await page.waitForLoadState('networkidle');
      const loaded = await Promise.all(scripts);
      const total = loaded.reduce((sum, script) => sum + script.gzipped, 0);
      console.info(`home page JS: ${loaded.length} file(s), ${total} bytes gzipped`);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
      expect(otherMedia.filter((url) => !url.startsWith('data:'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

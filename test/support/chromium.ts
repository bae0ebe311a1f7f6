import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (apt-get install chromium; never a downloaded browser),
 * started as this machine needs: headless, no sandbox as root, and without
 * the background networking a closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // less work a test never looks at: extensions, crash reports, audio, translation and other background features,
  // and a renderer process per site (tests open one origin)
  '--disable-extensions',
  '--disable-breakpad',
  '--mute-audio',
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,Translate,OptimizationHints,MediaRouter,BackForwardCache',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install chromium`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

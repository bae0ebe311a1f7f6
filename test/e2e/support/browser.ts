import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '../../../shared/messages';
import { CHROMIUM_PATH, launchChromium } from '../../support/chromium';
import { FIXTURE_PASSWORD } from '../../support/fixtures';
import { inject } from 'vitest';

/**
 * Debian's Chromium driven by playwright-core (no browser download). One
 * browser per test file; a fresh context (cookies, sessionStorage) per test.
 */
export { CHROMIUM_PATH };

export const PHONE = { name: 'phone', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } as const;
export type Screen = typeof PHONE | typeof DESKTOP;

/** The local stack's URL (site + API), from the stack project's globalSetup. */
export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  const dist = join(import.meta.dirname, '../../../web/dist/index.html');
  if (!existsSync(dist)) throw new Error('web/dist is missing: run `npm run build:web` before the browser tests');
  return launchChromium();
}

export async function openPage(
  browser: Browser,
  screen: Screen = PHONE,
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.hasTouch,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    locale: 'en-US',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Opens a path of the site and waits for its one h1 (the page has rendered). */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.locator('h1').first().waitFor({ state: 'visible' });
}

/** Signs a staff user in through the real admin login page and waits for the overview (FIXTURE_PASSWORD). */
export async function signInAtAdminLogin(page: Page, user: { id: string; email: string }): Promise<void> {
  await visit(page, '/admin/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**/v1/admin/${user.id}/overview`);
  await page.getByRole('heading', { level: 1, name: messages.overview.title }).waitFor();
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core in the page (WCAG 2.x A and AA rules) and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const { default: axe } = await import('axe-core');
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe.run;
    const result = await run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations as AxeViolation[];
  });
}

/** The violations that fail the bar: serious or critical. */
export function seriousOrCritical(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages } from '@shared/messages';
import { launchChromium } from '../../support/chromium';
import { FIXTURE_PASSWORD } from '../../support/fixtures';
import { stackBaseUrl } from '../../support/stack-target';

/**
 * Debian's Chromium driven by playwright-core (no browser download). One
 * browser per stack worker; a fresh context (cookies, sessionStorage) per test,
 * except where a file shares one page across tests whose subject is not
 * isolation (each such test still loads its own address into it).
 */

export const PHONE = { name: 'phone', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;
export const DESKTOP = {
  name: 'desktop',
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
} as const;
/** The staff screens' phone bar: every action reachable at 390 px. */
export const STAFF_PHONE = {
  name: 'staff phone',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
} as const;
/** A studio monitor or a live stream's frame (issue 36: the on-air draw screen). */
export const STUDIO = {
  name: 'studio monitor',
  viewport: { width: 1920, height: 1080 },
  isMobile: false,
  hasTouch: false,
} as const;
export type Screen = typeof PHONE | typeof DESKTOP | typeof STAFF_PHONE | typeof STUDIO;

/** The local stack's URL (site + API): the test run's shared one, or the file's private stack (pointHelpersAt). */
function baseUrl(): string {
  return stackBaseUrl();
}

/**
 * The worker's one Chromium: the stack project's files share a worker's modules (isolate: false), so each file
 * opens its contexts in the browser the worker's first browser file started, instead of starting its own (27
 * launches a run, each a browser, GPU and network process). Started again if it went away (a crash).
 */
let workerBrowser: Promise<Browser> | undefined;

function sharedChromium(): Promise<Browser> {
  if (!workerBrowser) {
    const launched = launchChromium();
    workerBrowser = launched;
    void launched.then(
      (browser) => browser.on('disconnected', () => void (workerBrowser === launched && (workerBrowser = undefined))),
      () => void (workerBrowser === launched && (workerBrowser = undefined)),
    );
  }
  return workerBrowser;
}

/**
 * A file's browser: the worker's Chromium, seen through a view whose `close()` closes the contexts this file
 * opened (what a file's own browser's close did) and leaves the browser to the worker's next file.
 */
export async function launchBrowser(): Promise<Browser> {
  const dist = join(import.meta.dirname, '../../../web/dist/index.html');
  if (!existsSync(dist)) throw new Error('web/dist is missing: run `npm run build:web` before the browser tests');
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    opened.add(context);
    context.on('close', () => opened.delete(context));
    return context;
  };
  const close = async () => {
    await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
  };
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property === 'newContext') return newContext;
      if (property === 'close') return close;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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

/**
 * Waits until the page has nothing left to show: its document and fonts have
 * loaded and no loading status (a spinner, a busy control) is on it. The
 * condition the tests mean, where `networkidle` only waited out half a second
 * of quiet on every page.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      document.fonts.status === 'loaded' &&
      document.querySelector('.spinner, [aria-busy="true"]') === null,
  );
}

/**
 * Holds the page's toasts still for axe: the pointer rests on one, which
 * pauses react-hot-toast's timers (no toast starts fading out), and this
 * waits until every toast left is at full opacity (its 0.35 s fade-in
 * over; one already fading out has gone). A toast read mid-fade fails
 * color-contrast for its part-opaque text, a state no reader meets for long.
 * The toasts stay until the pointer next moves.
 */
export async function holdToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-rht-toaster] [role="status"]');
  if ((await toasts.count()) > 0)
    await toasts
      .first()
      .hover({ timeout: 2_000 })
      .catch(() => undefined); // it may have gone meanwhile
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].every(
      (status) => getComputedStyle(status.parentElement!).opacity === '1',
    ),
  );
}

/** Contexts whose every new document gets axe-core before its own scripts (see axeViolations). */
const axeReady = new WeakSet<BrowserContext>();

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) over the DOM as it is
 * now and returns its violations. axe's 500 KB source is put into the
 * current document if it is not there yet, and from then on into each new
 * document of the context as it loads (an init script): putting it in by a
 * script tag cost seconds per page on a loaded machine, the init script
 * next to nothing once the browser has compiled it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const { default: axe } = await import('axe-core');
  const context = page.context();
  if (!axeReady.has(context)) {
    axeReady.add(context);
    await context.addInitScript({ content: axe.source });
  }
  const present = await page.evaluate(
    () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const run = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe.run;
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

/**
 * Watches the page for a passing state: from now on, whether `text` was ever
 * in the page's text (checked on every change of the DOM). For a state the
 * product shows only until the next one replaces it — a test that waited for
 * it would fail whenever the next state came first on a loaded machine.
 * Returns the question, asked once the later state is on screen.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = await page.evaluate((wanted) => {
    const seen = ((window as unknown as { __seenTexts?: Record<string, boolean> }).__seenTexts ??= {});
    const name = `t${Object.keys(seen).length}`;
    seen[name] = document.body.innerText.includes(wanted);
    const observer = new MutationObserver(() => {
      if (document.body.innerText.includes(wanted)) {
        seen[name] = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return name;
  }, text);
  return () =>
    page.evaluate(
      (name) => (window as unknown as { __seenTexts?: Record<string, boolean> }).__seenTexts?.[name] === true,
      key,
    );
}

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { aPartner, aSuperAdmin, signedIn } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  pageSettled,
  PHONE,
  seriousOrCritical,
  visit,
  type Screen,
} from './support/browser';

/** axe-core over each public route: no serious or critical violations ("Tests"). */
let browser: Browser;
/**
 * One page per screen size for the whole file: each test loads its route
 * afresh into it (a full load, so nothing of the last test stays: theme,
 * open menu, form state), without a new browser context each time —
 * isolation is not what these tests check, and axe, once in a context, is
 * already there on each load.
 */
const pages = new Map<Screen['name'], { context: BrowserContext; page: Page }>();
async function pageFor(screen: Screen): Promise<Page> {
  let open = pages.get(screen.name);
  if (!open) {
    open = await openPage(browser, screen, { reducedMotion: 'reduce' });
    pages.set(screen.name, open);
  }
  return open.page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  drawn = aDrawnRecordPath();
  drawn.catch(() => undefined); // its test reports a failure
});
afterAll(async () => {
  await Promise.all([...pages.values()].map(({ context }) => context.close()));
  await browser?.close();
});

/**
 * A real draw's record page, drawn for the file as it starts (as in fair-draws.e2e), while the first
 * routes are read: its setup (a promotion, two paid entries, the draw and its beacon round) is not what
 * the test times, and on a loaded machine it has taken most of a test's minute. Its steps' times are
 * printed when it is slow.
 */
const DRAW_RECORD = '/draws/:id';
let drawn: Promise<string>;
async function aDrawnRecordPath(): Promise<string> {
  const steps: string[] = [];
  let last = Date.now();
  const step = (name: string) => {
    steps.push(`${name} ${Date.now() - last} ms`);
    last = Date.now();
  };
  const started = last;
  const [admin, partner] = await Promise.all([aSuperAdmin(), aPartner()]);
  step('staff');
  const client = await signedIn(admin);
  step('sign-in');
  const promotion = await aPromotionToDraw(client, admin.id, partner, { starting_threshold: 2, threshold: 2 });
  step('promotion');
  await paidEntriesByCode(promotion.sharedCode, 2);
  step('entries');
  const draw = await client.call(routes.selectWinner, { id: admin.id }, { partner: partner.SearchString });
  step('draw');
  if (Date.now() - started > 20_000) console.log(`the record's setup was slow: ${steps.join(', ')}`);
  if (draw.status !== 200) throw new Error(draw.text);
  return `/draws/${draw.body.winner.draw_id}`;
}

const PUBLIC_ROUTES = [
  '/',
  '/daily-draw',
  '/jackpot',
  '/winners',
  '/my-tickets',
  '/results',
  '/play-responsibly',
  DRAW_RECORD,
  '/how-to-play',
  '/fair-draws',
  '/about',
  '/policy',
  '/terms/conditions',
  '/w-digital',
  '/logout',
  '/admin/login',
  '/partner/login',
  '/announcer/login',
  '/no/such/page',
];

describe.each([PHONE, DESKTOP])('axe on a $name screen', (screen) => {
  it.each(PUBLIC_ROUTES)('%s has no serious or critical violations', async (path) => {
    const page = await pageFor(screen);
    await visit(page, path === DRAW_RECORD ? await drawn : path);
    // the record page checks the draw in the browser: axe reads it with its verdict shown
    if (path === DRAW_RECORD)
      await page
        .getByTestId('verdict')
        .locator('.notice')
        .filter({ hasText: /^Verified$/ })
        .waitFor();
    await pageSettled(page);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  }, 120_000);
});

describe('themes', () => {
  it.each([
    'default',
    'sunset',
    'ocean',
    'forest',
  ])('the %s theme passes axe on the home page with the menu open', async (theme) => {
    const page = await pageFor(PHONE);
    await visit(page, '/');
    await page.evaluate((name) => {
      document.documentElement.dataset.theme = name;
    }, theme);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });
});

describe('entry form messages', () => {
  it('shows the validation message in an accessible alert', async () => {
    const page = await pageFor(PHONE);
    await visit(page, '/daily-draw');
    await page.getByRole('button', { name: /pay and enter/i }).click();
    expect(await page.getByRole('alert').innerText()).toBe(messages.validation.fillOutAllFields);
    expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
  });
});

import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser } from '../../functions/modules/staff';
import { messages } from '@shared/messages';
import { aPartner, aSuperAdmin, signedIn } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw } from '../support/play';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  seriousOrCritical,
  signInAtAdminLogin,
  visit,
  type Screen,
} from './support/browser';

/**
 * The Reports screen (super admins; DESIGN section 4 "Tax") in real Chromium
 * against the local stack, on a phone and on a desktop: a period with paid
 * entries shows its figures, a stakes figure opens the entries it sums, the
 * CSV downloads, the seal status shows, every control is reachable on the
 * screen (nothing cut off at 360 px) and axe finds nothing serious.
 */
let browser: Browser;
let admin: StaffUser;
let game: { promotion: { ID: string; promotion_title: string }; assignmentId: string };
let entryIds: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await aSuperAdmin();
  const client = await signedIn(admin);
  const drawn = await aPromotionToDraw(client, admin.id, await aPartner(), { threshold: 50, starting_threshold: 50 });
  game = drawn;
  // paid now: today's GMT day and month hold them (the stack settles with the real clock)
  entryIds = (await Promise.all([aPaidEntryByCode(drawn.sharedCode), aPaidEntryByCode(drawn.sharedCode)])).map(
    (e) => e.entryId,
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

async function expectNoSeriousViolations(page: Page) {
  expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
}

/**
 * Every button, link and field in the page's main content can be reached:
 * scrolled into view (the page, or the table's own sideways-scrolling box),
 * it lies wholly inside the viewport and nothing covers it; and the page
 * itself never scrolls sideways. Measured in the page in one call (a shared
 * stack's tables hold hundreds of controls; a protocol round trip per check
 * cost more browser time than the rest of the file).
 */
async function expectEveryControlReachable(page: Page, screen: Screen) {
  const { visible, unreachable, overflow } = await page.locator('main').evaluate((main) => {
    const controls = [
      ...main.querySelectorAll<HTMLElement>('button, a[href], input, select, [role="region"][tabindex]'),
    ];
    const shown = controls.filter((el) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && el.checkVisibility({ visibilityProperty: true });
    });
    const problems: Array<{ what: string; box: { x: number; y: number; width: number; height: number } }> = [];
    for (const el of shown) {
      // a box taller than the screen (a long table on a shared stack) is brought in by its top, as a reader scrolls to it
      el.scrollIntoView({
        block: el.getBoundingClientRect().height > window.innerHeight ? 'start' : 'nearest',
        inline: 'nearest',
      });
      const { x, y, width, height } = el.getBoundingClientRect();
      const seenHeight = Math.min(height, window.innerHeight);
      // and nothing (a sticky bar, a neighbour) covers its centre: a tap lands on it
      const hit = document.elementFromPoint(x + width / 2, y + seenHeight / 2);
      const inside =
        x >= 0 && x + width <= window.innerWidth + 0.5 && y >= -0.5 && y + seenHeight <= window.innerHeight + 0.5;
      if (!inside || hit === null || !(el === hit || el.contains(hit)))
        problems.push({ what: el.outerHTML.slice(0, 120), box: { x, y, width, height } });
    }
    return {
      visible: shown.length,
      unreachable: problems,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(visible).toBeGreaterThan(0);
  expect(unreachable, `viewport ${screen.viewport.width}×${screen.viewport.height}`).toEqual([]);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function showPeriod(page: Page, kind: 'Day' | 'Month', value: string) {
  const form = page.getByRole('region', { name: 'Period' });
  await form.getByLabel('Period').selectOption({ label: kind });
  await form.getByLabel(kind, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Show report' }).click();
  await page.locator('main .page-loading').waitFor({ state: 'detached' });
}

const gameRow = (page: Page): Locator =>
  page
    .getByRole('region', { name: 'Table: Per game' })
    .getByRole('row')
    .filter({ hasText: game.promotion.promotion_title });

describe.each([PHONE, DESKTOP])('the Reports screen on a $name screen', (screen) => {
  it('shows a period’s figures, opens the entries behind a stakes figure, downloads the CSV and shows the seal status', async () => {
    const { context, page } = await openPage(browser, screen, { reducedMotion: 'reduce' });
    try {
      await signInAtAdminLogin(page, admin);
      await visit(page, `/v1/admin/${admin.id}/reports`);
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      await page.locator('main .page-loading').waitFor({ state: 'detached' });

      // the month: figures per game, and a month has no one seal
      await showPeriod(page, 'Month', today().slice(0, 7));
      await page.getByText('Days are sealed one by one: pick a day to see its seal.').waitFor();
      await gameRow(page).waitFor();
      expect(await gameRow(page).count()).toBe(1);
      const cells = await gameRow(page).getByRole('cell').allInnerTexts();
      expect(cells.slice(0, 3)).toEqual([game.promotion.promotion_title, 'LRD', expect.stringContaining('200.00')]);

      // the day: the same game, its seal status, then the entries its stakes sum
      await showPeriod(page, 'Day', today());
      await gameRow(page).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: `Not sealed yet: ${today()} is sealed once it has ended.` })
        .waitFor();
      await page.getByRole('button', { name: 'Verify the month’s seals' }).click();
      await page
        .getByRole('status')
        .filter({
          hasText: new RegExp(
            [messages.reports.noSeals, messages.reports.sealsIntact]
              .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
              .join('|'),
          ),
        })
        .waitFor();

      await gameRow(page)
        .getByRole('button', { name: new RegExp(`^Stakes of ${game.promotion.promotion_title} in LRD`) })
        .click();
      // the section comes first; the table's scrolling box inside it bears the same name
      const lines = page.getByRole('region', { name: `Stakes of ${game.promotion.promotion_title} (LRD)` }).first();
      await lines.getByRole('status').filter({ hasText: '2 lines shown' }).waitFor();
      for (const id of entryIds) await lines.getByText(`Entry ${id}`).waitFor();
      await expectNoSeriousViolations(page);
      await expectEveryControlReachable(page, screen);

      // the CSV: its header and the game's row
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`report-day-${today()}.csv`);
      const csv = await readFile((await download.path())!, 'utf8');
      const rows = csv.split(/\r?\n/);
      expect(rows[0]!.split(',')).toEqual(
        expect.arrayContaining(['section', 'name', 'currency', 'stakes', 'prizes_paid', 'prizes_owed', 'ggr', 'tax']),
      );
      expect(rows.some((row) => row.includes(game.promotion.promotion_title) && row.includes('200.00'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});

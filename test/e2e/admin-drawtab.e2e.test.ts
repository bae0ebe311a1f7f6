import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseGame, houseGameIds } from '@shared/games';
import { getAssignment } from '../../functions/modules/catalog';
import { getHouseSettings } from '../../functions/modules/games';
import type { StaffUser } from '../../functions/modules/staff';
import { aSuperAdmin } from '../support/fixtures';
import { aUniquePlayerNumber, enterHouseGame, settledState } from '../support/play';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  pageSettled,
  seriousOrCritical,
  signInAtAdminLogin,
  STAFF_PHONE,
} from './support/browser';

/**
 * The Draw tab's house games on a 390 px phone and on a desktop (DESIGN section 4): the Daily Cash
 * Giveaway and the Jackpot with the open window's paid entries and the next scheduled draw (GMT),
 * drawn by the scheduler, so without Conduct or Clear buttons. The partner rows' confirmation and
 * disabled Conduct Draw are covered end to end in admin-draw.e2e.test.ts. One signed-in page.
 */
let browser: Browser;
let page: Page;
let admin: StaffUser;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), aSuperAdmin()]);
  ({ page } = await openPage(browser, STAFF_PHONE, { reducedMotion: 'reduce' }));
  await signInAtAdminLogin(page, admin);
});

afterAll(async () => {
  await browser?.close();
});

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

describe('the house games on the Draw tab, on a phone and on a desktop', () => {
  it("lists each house game with tonight's entries and its next draw time, drawn automatically; all on screen, axe clean", async () => {
    await page.goto(`/v1/admin/${admin.id}/jacktop-list`, { waitUntil: 'domcontentloaded' });
    const section = page.getByRole('region', { name: 'House games', exact: true });
    const { settings } = await getHouseSettings();
    // at 390 px the rows are cards; then the same page at desktop width: each time all on screen, nothing off the side
    for (const { viewport } of [STAFF_PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const game of ['daily', 'jackpot'] as const) {
        const row = section.locator(`tr[data-house-game="${game}"]`);
        await row.waitFor();
        expect(await row.getByRole('rowheader').innerText()).toBe(houseGame[game].title);
        // the open window's paid entries, as stored (other files may buy tickets meanwhile: follow the store)
        await eventually(
          async () =>
            Number(await row.getByTestId('house-entries').innerText()) ===
            (await getAssignment(houseGameIds[game].assignmentId))!.windowCount,
        ).toBe(true);
        const drawTime = settings[game].drawTime;
        expect(await row.getByTestId('house-next-draw').innerText()).toMatch(
          new RegExp(`^[A-Z][a-z]{2} \\d{1,2}, \\d{4} ${drawTime} GMT$`),
        );
        expect(await row.innerText()).toContain(`Drawn automatically at ${drawTime} GMT`);
        const box = await row.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(await section.getByRole('button').count()).toBe(0);
      await pageSettled(page);
      const box = await section.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    }
  });

  it("a daily ticket bought raises the house daily row's entries by one on the open page, without a reload", async () => {
    await page.setViewportSize(STAFF_PHONE.viewport);
    await page.goto(`/v1/admin/${admin.id}/jacktop-list`, { waitUntil: 'domcontentloaded' });
    const entries = page
      .getByRole('region', { name: 'House games', exact: true })
      .locator('tr[data-house-game="daily"]')
      .getByTestId('house-entries');
    const stored = async () => (await getAssignment(houseGameIds.daily.assignmentId))!.windowCount;
    const shown = async () => Number(await entries.innerText());
    // the row catches up with the store as read before the purchase (other files buy meanwhile, so the page and
    // the store are compared with a count read once, not sampled together: a steady stream of others' tickets
    // kept them from ever being equal at one instant)
    const storedBefore = await stored();
    await eventually(async () => (await shown()) >= storedBefore).toBe(true);
    const before = await shown();
    const response = await enterHouseGame('daily', aUniquePlayerNumber(), '100.00|LRD');
    expect(response.status).toBe(202);
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
    // the paid ticket is counted on the page: at least one more than before, and at least the store's count with it
    const storedAfter = await stored();
    await eventually(async () => (await shown()) >= Math.max(before + 1, storedAfter)).toBe(true);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { maskMobileNumber } from '@shared/phone';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aPartner, aSuperAdmin, signedIn } from '../support/fixtures';
import { aPromotionToDraw, paidEntriesByCode } from '../support/play';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  openPage,
  seriousOrCritical,
  signInAtAdminLogin,
  STAFF_PHONE,
  visit,
  type Screen,
} from './support/browser';
import { expectWithinWidth } from './support/fair-draws';

/**
 * A winner voided for cause (issue 36 part 1), end to end: a super admin voids it from the Winners List
 * (reason, note, confirm), and the two public records link to each other with the reason, each verified in
 * the browser — at 390 px and on a desktop, axe clean.
 */
let browser: Browser;
let superAdmin: StaffUser;
let adminClient: ApiClient;
let partner: Awaited<ReturnType<typeof aPartner>>;
let sharedCode: string;

beforeAll(async () => {
  const launched = launchBrowser().then((started) => (browser = started));
  [superAdmin, partner] = await Promise.all([aSuperAdmin(), aPartner()]);
  adminClient = await signedIn(superAdmin);
  const promotion = await aPromotionToDraw(adminClient, superAdmin.id, partner, {
    starting_threshold: 3,
    threshold: 3,
  });
  sharedCode = promotion.sharedCode;
  await launched;
});
afterAll(async () => {
  await browser?.close();
});

async function expectAxeClean(page: Page) {
  expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
}

const verified = (page: Page) =>
  expect.poll(() => page.getByTestId('verdict').locator('.notice').textContent(), { timeout: 15_000 }).toBe('Verified');

describe.each([STAFF_PHONE, DESKTOP] as Screen[])('voiding a winner for cause on a $name', (screen) => {
  it('voids from the Winners List and shows the two linked public records, both verified', async () => {
    await paidEntriesByCode(sharedCode, 3);
    const drawn = await adminClient.call(routes.selectWinner, { id: superAdmin.id }, { partner: partner.SearchString });
    if (drawn.status !== 200) throw new Error(drawn.text);
    const drawId: string = drawn.body.winner.draw_id;
    const { context, page } = await openPage(browser, screen, { reducedMotion: 'reduce' });
    try {
      await signInAtAdminLogin(page, superAdmin);
      await visit(page, `/v1/admin/${superAdmin.id}/winners-list`);
      const row = page.locator('tr', { hasText: drawn.body.winner.MobileNumber });
      await row.getByRole('button', { name: 'Void winner for cause' }).click();
      const dialog = page.getByRole('dialog', { name: 'Void winner for cause' });
      await expect(dialog.getByRole('button', { name: 'Void and redraw' }).isDisabled()).resolves.toBe(true);
      await dialog.getByLabel('Reason').selectOption('excluded-player');
      await dialog.getByLabel(/^Note/).fill('Self-excluded at the desk on 2026-11-02');
      await expectAxeClean(page);
      await dialog.getByRole('button', { name: 'Void and redraw' }).click();
      const done = page.getByRole('link', { name: 'Open the public redraw record' });
      await done.waitFor({ timeout: 30_000 });
      const redrawId = `${drawId}-r1`;
      expect(await done.getAttribute('href')).toBe(`/draws/${redrawId}`);

      // the voided record names the reason and links to its redraw
      await visit(page, `/draws/${drawId}`);
      const voidedLinks = page.getByTestId('redraw-links');
      await expect.poll(() => voidedLinks.textContent()).toContain('Voided for cause: Excluded player');
      await verified(page);
      await expectWithinWidth(page, screen.viewport.width);
      await expectAxeClean(page);
      await voidedLinks.getByRole('link', { name: `redraw ${redrawId}` }).click();

      // the redraw names the voided record and the reason, and checks out with the same code
      await page.waitForURL(`**/draws/${redrawId}`);
      const redrawLinks = page.getByTestId('redraw-links');
      await expect.poll(() => redrawLinks.textContent()).toContain(`Redraw of ${drawId}`);
      expect(await redrawLinks.textContent()).toContain('Excluded player');
      await verified(page);
      const redraw = await adminClient.call(routes.publicDraw, { draw_id: redrawId });
      expect(redraw.body.winner).not.toBe(maskMobileNumber(drawn.body.winner.MobileNumber));
      await expectWithinWidth(page, screen.viewport.width);
      await expectAxeClean(page);
      await redrawLinks.getByRole('link', { name: drawId }).click();
      await page.waitForURL(`**/draws/${drawId}`);
    } finally {
      await context.close();
    }
  });
});

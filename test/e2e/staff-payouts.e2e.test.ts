import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { oversightMessages } from '@shared/oversight-messages';
import { maskMobileNumber } from '@shared/phone';
import { getDraw } from '../../functions/modules/draw-records';
import {
  getPayout,
  listLedger,
  type Payout,
  prizePaidSmsText,
  prizePayoutId,
  reconcilePayouts,
} from '../../functions/modules/payouts';
import type { StaffUser } from '../../functions/modules/staff';
import {
  aBalance,
  aDrawRecord,
  aPartner,
  aStaffUser,
  aSuperAdmin,
  FIXTURE_PASSWORD,
  signedIn,
} from '../support/fixtures';
import { aHeldPrize } from '../support/held-prizes';
import { eventually } from '../support/eventually';
import { aPlayerNumber, smsTo } from '../support/play';
import { splitCheckCode } from '../support/sms-check';
import {
  axeViolations,
  DESKTOP,
  holdToasts,
  launchBrowser,
  openPage,
  pageSettled,
  seriousOrCritical,
  signInAtAdminLogin,
  STAFF_PHONE,
  visit,
  watchForText,
} from './support/browser';

/**
 * Payouts tell the truth, in a real browser: the pay
 * dialog on a 390 px phone shows a failed partner payout as failed with the
 * balance restored, and a paid one as paid — live, without reopening; the
 * Payouts screen lists them and Retry works; the same pages at desktop width
 * show the failures and the restored balance; a paid prize is listed paid,
 * on a desktop and on a phone, and its winner has the SMS; a partner reads
 * their statement. axe finds no serious violation.
 */

let browser: Browser;
let admin: StaffUser;
let failing: PartnerRecord;
let paying: PartnerRecord;

/** '000101': the simulator fails the transfer with PAYEE_NOT_FOUND; other numbers are paid. */
const aPayeeNumber = (outcome: '' | '000101' = '') =>
  outcome ? `088${randomInt(10)}${outcome}` : `088${randomInt(1_000_000, 9_999_999)}`;
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

beforeAll(async () => {
  [browser, admin, failing, paying] = await Promise.all([
    launchBrowser(),
    aSuperAdmin(),
    aPartner({ mobile_money_number: aPayeeNumber('000101') }),
    aPartner({ mobile_money_number: aPayeeNumber() }),
  ]);
  await Promise.all([
    aBalance(failing.ID, 'partner', 15_000, undefined, 'Gbarnga Friday'),
    aBalance(paying.ID, 'partner', 2_000, undefined, 'Kakata Monday'),
  ]);
});

afterAll(async () => {
  await browser?.close();
});

async function pay(page: Page, partner: PartnerRecord, promotion: string, amount: string) {
  await rowOf(page, partner.SearchString)
    .getByRole('button', { name: `Pay ${partner.Username}` })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: promotion }).fill(amount);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  return dialog;
}

describe('an admin on a 390 px phone, then on a desktop', () => {
  it('sees a failed payout fail with the balance restored and a paid one paid, lists them on Payouts and retries the failed one; at desktop width both failures and the restored balance stand', async () => {
    const { context, page } = await openPage(browser, STAFF_PHONE);
    try {
      await signInAtAdminLogin(page, admin);
      await page.goto(`/v1/admin/${admin.id}/list-partners`, { waitUntil: 'domcontentloaded' });
      await rowOf(page, failing.SearchString).getByText('L$ 150.00').waitFor();

      // the provider rejects the number: the dialog stays on "waiting", then says it failed and why, live
      const waited = await watchForText(page, `${messages.payout.waiting} L$ 100.00 to ${failing.Username}`);
      const dialog = await pay(page, failing, 'Gbarnga Friday', '100.00');
      const failed = dialog.locator('[data-outcome="failed"]');
      await failed.waitFor({ timeout: 45_000 });
      expect(await waited()).toBe(true);
      expect(await failed.innerText()).toBe(
        `${messages.payout.failed} L$ 100.00 to ${failing.Username}: this number has no mobile money account (PAYEE_NOT_FOUND); ${messages.payout.restored}`,
      );
      expect(await dialog.getByText(messages.partner.paid).count()).toBe(0);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await rowOf(page, failing.SearchString).getByText('L$ 150.00').waitFor();

      // an accepted number: "successful" only once the provider paid it
      const paid = await pay(page, paying, 'Kakata Monday', '10.00');
      await paid.getByText(`${messages.partner.paid} L$ 10.00 to ${paying.Username}`).waitFor({ timeout: 45_000 });
      await paid.getByRole('button', { name: 'Close' }).click();

      // the Payouts screen lists both; Retry sends the failed one again as a new payout
      await page.goto(`/v1/admin/${admin.id}/payouts`, { waitUntil: 'domcontentloaded' });
      const failedRow = rowOf(page, failing.Username).filter({ hasText: 'PAYEE_NOT_FOUND' });
      await failedRow.first().waitFor();
      expect(await failedRow.first().innerText()).toContain('L$ 100.00');
      await rowOf(page, paying.Username).filter({ hasText: 'Paid' }).waitFor();
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      const retry = failedRow.getByRole('button', { name: `Retry L$ 100.00 to ${failing.Username}` });
      await retry.scrollIntoViewIfNeeded();
      const box = await retry.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await retry.click();
      await page.getByText(messages.payout.retried).first().waitFor();
      // the failed row now says Retried; the retry is a row of its own (the same number fails it again)
      await rowOf(page, failing.Username).filter({ hasText: 'Retried' }).waitFor();
      await eventually(
        () => rowOf(page, failing.Username).count(),
        (rows) => rows >= 2,
        45_000, // the retry's own row comes with the list's next push, as the payouts above do
      );

      // filters: only failed partner payouts
      await page.getByLabel('Status').selectOption('failed');
      await page.getByLabel('Kind').selectOption('partner');
      await rowOf(page, failing.Username).first().waitFor();
      expect(await rowOf(page, paying.Username).count()).toBe(0);

      // the same pages at desktop width: both failed payouts (the first and its retry) shown failed with the
      // provider's reason, and, once the retry's failure is in, the partner's balance restored in full
      await page.setViewportSize(DESKTOP.viewport);
      const failedRows = rowOf(page, failing.Username)
        .filter({ hasText: 'Failed' })
        .filter({ hasText: 'PAYEE_NOT_FOUND' });
      await expect.poll(() => failedRows.count(), { timeout: 45_000 }).toBe(2);
      for (const row of await failedRows.all()) {
        expect(await row.innerText()).toContain('L$ 100.00');
        const box = await row.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.viewport.width);
      }
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await page.goto(`/v1/admin/${admin.id}/list-partners`, { waitUntil: 'domcontentloaded' });
      await rowOf(page, failing.SearchString).getByText('L$ 150.00').waitFor();
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('a paid prize', () => {
  it('is listed paid with its reference on a desktop and on a phone, and its winner has the SMS', async () => {
    const title = `Voinjama Jackpot ${randomInt(1_000_000)}`;
    const winner = `23188${randomInt(1_000_000, 9_999_999)}`;
    const draw = await aDrawRecord({ winnerMsisdn: winner, prizeLrdCents: 250_000, promotionTitle: title });
    await reconcilePayouts(new Date());
    const payout = (await eventually(
      () => getPayout(prizePayoutId(draw.id, 1)),
      (p) => p?.status === 'paid',
      45_000,
    )) as Payout;
    const text = prizePaidSmsText(payout);
    await eventually(
      () => smsTo(winner),
      (sent) => sent.some((sms) => splitCheckCode(sms.text).text === text),
    );

    const { context, page } = await openPage(browser, DESKTOP);
    try {
      await signInAtAdminLogin(page, admin);
      await page.goto(`/v1/admin/${admin.id}/payouts`, { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Kind').selectOption('prize');
      const row = rowOf(page, title);
      await row.waitFor();
      const shown = await row.innerText();
      expect(shown).toContain('Paid');
      expect(shown).toContain('L$ 2,500.00');
      expect(shown).toContain(payout.financialTransactionId!);
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

      // the same page at 390 px: the row a card, its status, amount and reference on screen
      await page.setViewportSize(STAFF_PHONE.viewport);
      for (const text of ['Paid', 'L$ 2,500.00', payout.financialTransactionId!]) {
        const shownOnPhone = row.getByText(text, { exact: true });
        await shownOnPhone.waitFor();
        const box = await shownOnPhone.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(STAFF_PHONE.viewport.width);
      }
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a held prize', () => {
  it('is paid on a 390 px phone to the number of the identity check the support desk recorded, and leaves the list', async () => {
    const draw = await aHeldPrize();
    const corrected = await aPlayerNumber('approve');
    const deskUser = await aStaffUser('admin', { support: true });
    const desk = await signedIn(deskUser);
    const check = 'Voter card 0412 seen at the Gbarnga desk';
    const recorded = await desk.call(
      routes.supportIdentityCheck,
      { id: deskUser.id, drawId: draw.id },
      { mobile_number: corrected, identity_check: check },
    );
    expect(recorded.status, recorded.text).toBe(200);

    const { context, page } = await openPage(browser, STAFF_PHONE);
    try {
      await signInAtAdminLogin(page, admin);
      await page.goto(`/v1/admin/${admin.id}/payouts`, { waitUntil: 'domcontentloaded' });
      const row = rowOf(page, draw.promotionTitle).filter({ hasText: 'Recorded' });
      await row.getByText(`pay to ${maskMobileNumber(corrected)}`, { exact: false }).waitFor();
      const pay = row.getByRole('button', { name: /^Pay to the corrected number: / });
      await pay.scrollIntoViewIfNeeded();
      const box = await pay.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(STAFF_PHONE.viewport.width);
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);

      await pay.click();
      const dialog = page.getByRole('dialog', { name: 'Pay a held prize' });
      await dialog.getByText(check).waitFor();
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
      await dialog.getByRole('button', { name: 'Pay prize' }).click();
      await page.getByText(oversightMessages.heldPrizes.claimed).first().waitFor();
      await rowOf(page, draw.promotionTitle).filter({ hasText: 'Recorded' }).waitFor({ state: 'detached' });
      const paid = await eventually(
        () => getDraw(draw.id),
        (d) => d?.payoutStatus === 'paid',
        45_000,
      );
      expect(paid?.claimMsisdn).toBe(corrected);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a partner', () => {
  it('reads their statement: the credit, the failed payout and its restore, with the balance after each', async () => {
    // the phone test above failed one of this partner's payouts
    await eventually(
      () => listLedger(failing.ID),
      (ledger) => ledger.some((line) => line.kind === 'payout-restore'),
    );
    const { context, page } = await openPage(browser, STAFF_PHONE);
    try {
      await visit(page, '/partner/login');
      await page.getByLabel('Email').fill(failing.Email);
      await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`**/v1/partner/${failing.ID}/dashboard`);
      const statement = page.getByRole('region', { name: 'Table: Statement lines, newest first' });
      await statement.getByRole('row').filter({ hasText: 'Failed (PAYEE_NOT_FOUND)' }).first().waitFor();
      expect(await statement.getByRole('row').filter({ hasText: 'Payout failed — restored' }).count()).toBeGreaterThan(
        0,
      );
      expect(await statement.getByRole('row').filter({ hasText: 'Entries (1)' }).innerText()).toContain('L$ 150.00');
      await page.getByText('Gbarnga Friday: L$ 150.00 from 1 entry').waitFor();
      await pageSettled(page);
      await holdToasts(page);
      expect(seriousOrCritical(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

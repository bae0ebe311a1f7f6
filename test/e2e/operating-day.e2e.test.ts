import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import type { AnnouncerRecord, PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { formatMoney } from '@shared/money';
import { formatStaffMoney } from '@shared/staff-money';
import { CARD_TITLES } from '@web/features/live/components/overview-cards';
import { getPayout, prizePayoutId, reconcilePayouts } from '../../functions/modules/payouts';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { aCheckedInAnnouncer, aPartner, FIXTURE_PASSWORD, fixtureSuperAdmin } from '../support/fixtures';
import { aPaidEntryByCode, aPromotionToDraw, aUniquePlayerNumber, finishClearsOf, settledState } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { latestPendingEntryOf } from '../support/stored-state';
import { dialAs, screenText } from '../support/ussd';
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
} from './support/browser';

/**
 * Issue 34's operating day, in real Chromium against a stack of this file's own (so that today's and this
 * year's platform figures are this day's only): entries from the web and by USSD, a refund
 * clear, a draw whose prize payout fails (the MoMo simulator's disbursement float too low) and is retried
 * from the Payouts screen, partner and announcer payouts (the partner's first attempt failing in the pay
 * dialog and tried again from it), and a promotion change while the partner's and announcer's dashboards
 * are open. After each step the figures are read from the screens — the overview's cards (one page kept
 * open, live), the Reports screen's totals and partner row, the tax form's prefill, the partner's and
 * announcer's live dashboards, the admin lists' balances and the statements — and compared, to the cent,
 * with each other and with the figures this test worked out from what it did (integer cents). The
 * dashboards get a second pass at 390 px at the end: the figures are the same data at either width, so
 * the admin screens are read at desktop width only (their 390 px layouts are other files' subject).
 */
let running: PrivateStack;
let browser: Browser;
let admin: StaffUser;
let adminClient: ApiClient;
let partner: PartnerRecord;
let announcer: AnnouncerRecord;
let game: Awaited<ReturnType<typeof aPromotionToDraw>>;
const contexts: BrowserContext[] = [];
let overview: Page;
let desk: Page;
let partnerPage: Page;
let announcerPage: Page;

const PRICE = 10_000;
const NEW_PRICE = 15_000;
const PRIZE = 5_000;
/** The promotion's shares (aPromotionToDraw): 10% to the partner, 5% to its checked-in announcer. */
const partnerShare = (cents: number) => Math.floor(cents / 10);
const announcerShare = (cents: number) => Math.floor(cents / 20);
/** DESIGN section 4 "Tax": 20% of a positive gross gaming revenue, rounded down. */
const taxOf = (ggr: number) => (ggr > 0 ? Math.floor(ggr / 5) : 0);
const lrd = (cents: number) => formatStaffMoney(cents, 'LRD');
const today = () => new Date().toISOString().slice(0, 10);

/** What this day has done so far, in integer cents. */
const day = { stakes: 0, refunds: 0, prizes: 0, prizesPaid: 0, partner: 0, announcer: 0, announcersPaid: 0 };
const ggr = () => day.stakes - day.refunds - day.prizes;

beforeAll(async () => {
  running = await startPrivateStack();
  browser = await launchBrowser();
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
  // a Lonestar payee (anAnnouncer's default is one too): both payouts go through the MTN simulator's float
  partner = await aPartner({ mobile_money_number: `088${randomInt(1_000_000, 9_999_999)}` });
  [announcer, game] = await Promise.all([
    aCheckedInAnnouncer(partner),
    aPromotionToDraw(adminClient, admin.id, partner, { threshold: 3, starting_threshold: 3, winner_amount: '50.00' }),
  ]);
  const [overviewTab, deskTab, partnerTab, announcerTab] = await Promise.all(
    [0, 1, 2, 3].map(() => openPage(browser, DESKTOP, { reducedMotion: 'reduce' })),
  );
  for (const opened of [overviewTab, deskTab, partnerTab, announcerTab]) contexts.push(opened!.context);
  [overview, desk, partnerPage, announcerPage] = [
    overviewTab!.page,
    deskTab!.page,
    partnerTab!.page,
    announcerTab!.page,
  ];
  await Promise.all([
    signInAtAdminLogin(overview, admin),
    signInAtAdminLogin(desk, admin),
    signInAt(partnerPage, 'partner', partner.Email, partner.ID),
    signInAt(announcerPage, 'announcer', announcer.Email, announcer.ID),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await running?.stop();
});

async function signInAt(page: Page, portal: 'partner' | 'announcer', email: string, id: string) {
  await visit(page, `/${portal}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**/v1/${portal}/${id}/dashboard`);
}

async function expectAxeClean(page: Page) {
  await pageSettled(page);
  await holdToasts(page);
  expect(seriousOrCritical(await axeViolations(page)), page.url()).toEqual([]);
}

/** Waits until `read` gives `expected` (the screens follow live or on their next read), failing with the last read. */
const agrees = <T>(read: () => Promise<T>, expected: T) =>
  expect.poll(read, { timeout: 45_000, interval: 200 }).toEqual(expected);

// ── entries and the simulator ─────────────────────────────────────

/** A paid entry made by USSD on Lonestar: the promotion's code dialled, its first price chosen, the prompt approved. */
async function aPaidUssdEntry(price: number) {
  const phone = aUniquePlayerNumber();
  expect(screenText(await dialAs(phone, `${game.sharedCode}*1`), 'END')).toContain(
    `Approve the ${formatMoney(price)} LRD prompt`,
  );
  const state = await settledState(await latestPendingEntryOf(phone));
  expect(state.status).toBe('paid');
}

/** The day's entries at `price`, each credited to the partner and announcer. */
function booked(count: number, price = PRICE) {
  day.stakes += count * price;
  day.partner += count * partnerShare(price);
  day.announcer += count * announcerShare(price);
}

/** Sets the MTN simulator's LRD disbursement float (README "MoMo simulator"): too low, payouts are refused. */
async function setFloat(availableBalance: string) {
  const response = await fetch(`${running.stack.momoUrl}/__sim/balance`, {
    method: 'POST',
    body: JSON.stringify({ product: 'disbursement', currency: 'LRD', availableBalance }),
  });
  expect(response.status, await response.text()).toBe(200);
}

// ── the screens' figures ──────────────────────────────────────────

const cardValue = (page: Page, title: string) =>
  page
    .locator('article.stat-card', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) })
    .locator('.stat-card__value')
    .innerText();

/** The overview's money cards, as the open (live) overview shows them. */
async function overviewFigures() {
  const [tax, taxYd, prizes, prizesYd, announcers] = await Promise.all(
    [
      CARD_TITLES.taxToGovt,
      CARD_TITLES.ydTax,
      CARD_TITLES.paymentToWinners,
      CARD_TITLES.totalYdGiveaway,
      CARD_TITLES.announcersPayout,
    ].map((title) => cardValue(overview, title)),
  );
  return { tax, taxYd, prizes, prizesYd, announcers };
}
const expectedOverview = () => ({
  tax: lrd(taxOf(ggr())),
  taxYd: lrd(taxOf(ggr())),
  prizes: lrd(day.prizes),
  prizesYd: lrd(day.prizes),
  announcers: lrd(day.announcersPaid),
});

/** Today's report as the Reports screen shows it (asked again on each read): totals, the filing line, the partner's row. */
async function reportFigures() {
  const form = desk.getByRole('region', { name: 'Period' });
  await form.getByLabel('Period').selectOption({ label: 'Day' });
  await form.getByLabel('Day', { exact: true }).fill(today());
  await form.getByRole('button', { name: 'Show report' }).click();
  await desk.locator('main .page-loading').waitFor({ state: 'detached' });
  const totals = desk.getByRole('region', { name: 'Table: Totals per currency' }).getByRole('row', { name: /^LRD/ });
  const [, stakes, prizesPaid, prizesOwed, ggrShown, tax] = await totals.getByRole('cell').allInnerTexts();
  const filing = await desk.getByText('For the tax filing').innerText();
  // a partner whose stakes were all refunded, with no prize, has no row in the period (nothing to report)
  const row = desk.getByRole('region', { name: 'Table: Per partner' }).getByRole('row', { name: partner.Username });
  const [, , partnerStakes, , , partnerGgr, partnerTax] = await row.getByRole('cell').allInnerTexts();
  return {
    totals: { stakes, prizesPaid, prizesOwed, ggr: ggrShown, tax },
    filing,
    partner: partnerStakes === undefined ? 'no row' : { stakes: partnerStakes, ggr: partnerGgr, tax: partnerTax },
  };
}
const expectedReport = () => ({
  totals: {
    stakes: lrd(day.stakes - day.refunds),
    prizesPaid: lrd(day.prizesPaid),
    prizesOwed: lrd(day.prizes - day.prizesPaid),
    ggr: lrd(ggr()),
    tax: lrd(taxOf(ggr())),
  },
  filing: `For the tax filing, valued in LRD at each entry’s booked rate: stakes ${lrd(day.stakes - day.refunds)}, prizes ${lrd(day.prizes)}, GGR ${lrd(ggr())}, tax ${lrd(taxOf(ggr()))}.`,
  partner:
    day.stakes === day.refunds && day.prizes === 0
      ? 'no row'
      : { stakes: lrd(day.stakes - day.refunds), ggr: lrd(ggr()), tax: lrd(taxOf(ggr())) },
});

/** The tax form opened from today's report: its four prefilled figures. */
async function taxPrefill() {
  await desk.getByRole('link', { name: 'File tax for this period' }).click();
  await desk.getByRole('heading', { level: 1, name: 'Tax Analytics' }).waitFor();
  await desk.getByText(messages.reports.prefilled).waitFor();
  // each label ends in its mandatory mark
  const field = (label: string) =>
    desk.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}\\W*$`) }).inputValue();
  return {
    prizes: await field('Current Payment To Winners'),
    prizesYd: await field('Total YD Giveaway'),
    tax: await field('Current Payment (Tax) To Government'),
    taxYd: await field('YD Of The 20% Tax'),
  };
}
const expectedPrefill = () => ({
  prizes: formatMoney(day.prizes),
  prizesYd: formatMoney(day.prizes),
  tax: formatMoney(taxOf(ggr())),
  taxYd: formatMoney(taxOf(ggr())),
});

/** The partner's and announcer's open dashboards: their balances (and, later, the promotion they show). */
async function dashboardBalances() {
  return {
    partner: await partnerPage.getByTestId('total-balance').innerText(),
    partnerRow: await partnerPage
      .getByRole('region', { name: 'Balances per Promotion' })
      .getByRole('row', { name: game.promotion.promotion_title })
      .getByRole('cell')
      .innerText()
      .catch(() => 'no row'),
    announcer: await cardValue(announcerPage, 'Total Balance'),
  };
}
const expectedBalances = () => ({
  partner: lrd(day.partner),
  partnerRow: lrd(day.partner),
  announcer: lrd(day.announcer),
});

/**
 * Every staff screen's figures agree with the day so far. With `axe`, each screen read is checked too: the first
 * time, and once the draw has put a winner and a prize on them (the other steps change only the figures).
 */
async function everyScreenAgrees({ axe }: { axe: boolean }) {
  await Promise.all([
    agrees(overviewFigures, expectedOverview()),
    agrees(dashboardBalances, expectedBalances()),
    (async () => {
      await visit(desk, `/v1/admin/${admin.id}/reports`);
      await agrees(reportFigures, expectedReport());
      if (axe) await expectAxeClean(desk);
      expect(await taxPrefill()).toEqual(expectedPrefill());
    })(),
  ]);
  if (axe) await Promise.all([overview, desk, partnerPage, announcerPage].map(expectAxeClean));
}

describe('an operating day, on every staff screen', () => {
  it('1. entries from the web and by USSD: stakes, GGR and tax agree', async () => {
    // three players on the promotion's network (its USSD server, Lonestar, admits no Orange number on the web either)
    await Promise.all([aPaidEntryByCode(game.sharedCode), aPaidEntryByCode(game.sharedCode), aPaidUssdEntry(PRICE)]);
    booked(3);
    await everyScreenAgrees({ axe: true });
    // the entry counts agree too: the overview's today, the partner's and the announcer's
    const counts = async () =>
      Promise.all([
        cardValue(overview, CARD_TITLES.totalEntries),
        cardValue(partnerPage, 'Daily Entries'),
        cardValue(announcerPage, "Today's Entries"),
      ]);
    await agrees(counts, ['3', '3', '3']);
  }, 120_000);

  it('2. a refund clear from the Draw tab: refunded stakes are not revenue, and the shares are taken back', async () => {
    await visit(desk, `/v1/admin/${admin.id}/jacktop-list`);
    await desk.getByRole('searchbox', { name: 'Search partners' }).fill(partner.Username);
    await desk.getByRole('button', { name: `Clear Draw for ${partner.Username}` }).click();
    const dialog = desk.getByRole('dialog', { name: 'Clear Draw' });
    await dialog.getByText(messages.clearDraw.affects(3)).waitFor();
    await dialog.getByRole('radio', { name: new RegExp(messages.clearDraw.refundOption) }).check();
    await expectAxeClean(desk);
    await dialog.getByRole('button', { name: 'Clear Draw' }).click();
    await desk
      .locator('main')
      .getByText(messages.clearDraw.cleared(1, partner.Username, 3, 'refund'))
      .waitFor();
    // the finish-clears job (every minute; this stack runs no scheduler) sends the stakes back
    expect(await finishClearsOf([game.assignmentId])).toEqual(['done']);
    day.refunds += 3 * PRICE;
    day.partner -= 3 * partnerShare(PRICE);
    day.announcer -= 3 * announcerShare(PRICE);
    await everyScreenAgrees({ axe: false });
  }, 120_000);

  it('3. a draw whose prize payout fails and whose retry is paid: the prize counts once, owed then paid', async () => {
    await Promise.all([aPaidEntryByCode(game.sharedCode), aPaidEntryByCode(game.sharedCode), aPaidUssdEntry(PRICE)]);
    booked(3);
    // the float cannot cover the prize from before the draw: its first attempt is refused, nothing is sent
    await setFloat('10.00');
    // the announcer conducts the draw from the open dashboard
    await announcerPage.getByRole('button', { name: messages.draw.conduct }).click();
    const record = await announcerPage.getByRole('link', { name: /public draw record/i }).getAttribute('href');
    const drawId = decodeURIComponent(record!.split('/').pop()!);
    day.prizes += PRIZE;
    // the prize payout starts from the draw's stream record, or else from the payout job's next run
    await reconcilePayouts(new Date());
    await eventually(
      () => getPayout(prizePayoutId(drawId, 1)),
      (payout) => payout?.status === 'failed',
    );
    await setFloat('100000000.00');
    await everyScreenAgrees({ axe: true });

    await visit(desk, `/v1/admin/${admin.id}/payouts`);
    await desk.getByLabel('Kind').selectOption('prize');
    const first = desk.locator(`tr[data-payout="${prizePayoutId(drawId, 1)}"]`);
    await first.getByText('INSUFFICIENT_FLOAT').waitFor();
    expect(await first.innerText()).toContain(lrd(PRIZE));
    await expectAxeClean(desk);
    await first.getByRole('button', { name: new RegExp(`^Retry ${escapeRegExp(lrd(PRIZE))} to `) }).click();
    await desk.getByText(messages.payout.retried).first().waitFor();
    // issue 34 section 3: the superseded failure keeps no Retry; the retry is a new payout of its own, paid
    await first.getByText('Retried').waitFor();
    expect(await first.getByRole('button').count()).toBe(0);
    const second = desk.locator(`tr[data-payout="${prizePayoutId(drawId, 2)}"]`);
    await second.getByText('Paid', { exact: true }).waitFor({ timeout: 45_000 });
    expect(await desk.getByText(/back on the balance/).count()).toBe(0);
    await expectAxeClean(desk);
    day.prizesPaid += PRIZE;
    await everyScreenAgrees({ axe: false });
  }, 120_000);

  it('4. partner and announcer payouts: the statements’ running balances agree with the dashboards', async () => {
    // the partner's balance as the admin's list shows it, then paid in full: the first attempt fails
    await visit(desk, `/v1/admin/${admin.id}/list-partners`);
    const row = desk.getByRole('row').filter({ hasText: partner.SearchString });
    await row.getByText(lrd(day.partner)).waitFor();
    await setFloat('10.00');
    await row.getByRole('button', { name: `Pay ${partner.Username}` }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByRole('textbox', { name: game.promotion.promotion_title }).fill(formatMoney(day.partner));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // issue 34 section 3: the same dialog says why in plain words, shows the number, and tries again as a new payment
    await dialog.getByRole('alert').getByText('our payout account does not hold enough money to pay this').waitFor();
    await dialog.getByText(partner.MobileMoneyNumber!, { exact: true }).waitFor();
    await expectAxeClean(desk);
    await setFloat('100000000.00');
    await dialog.getByRole('button', { name: 'Try again' }).click();
    // paid: in the dialog still open on "waiting", or in the toast when the answer was already paid
    await desk
      .getByText(`${messages.partner.paid} ${lrd(day.partner)} to ${partner.Username}`)
      .first()
      .waitFor({ timeout: 45_000 });
    day.partner = 0;

    // the announcer's, in one go
    await visit(desk, `/v1/admin/${admin.id}/list-announcer`);
    const announcerRow = desk.getByRole('row').filter({ hasText: announcer.Username });
    await announcerRow.getByText(lrd(day.announcer)).waitFor();
    await announcerRow.getByRole('button', { name: `Make Payment to ${announcer.Username}` }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Pay Full Balance' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await desk
      .getByText(`${messages.announcer.paid} ${lrd(day.announcer)} to ${announcer.Username}`)
      .first()
      .waitFor({ timeout: 45_000 });
    day.announcersPaid += day.announcer;
    day.announcer = 0;
    await everyScreenAgrees({ axe: false });

    // each statement, oldest line first, adds up line by line to the balance its dashboard shows
    // the partner's: two credits of three entries, the three shares the refund took back, the failed attempt and
    // its restore, then the payout that went through — shown paid, as the pay dialog said, without a reload
    const credited = { Entries: 2, 'Refund — share taken back': 3 };
    await agrees(() => statementBalances(partnerPage), {
      balance: lrd(0),
      chained: true,
      restoresInOrder: true,
      kinds: { ...credited, Payout: 2, 'Payout failed — restored': 1 },
      last: lrd(0),
      latestStatus: 'Paid',
    });
    await expectAxeClean(partnerPage);
    await announcerPage.getByRole('button', { name: 'Statement' }).click();
    await agrees(() => statementBalances(announcerPage), {
      balance: lrd(0),
      chained: true,
      restoresInOrder: true,
      kinds: { ...credited, Payout: 1 },
      last: lrd(0),
      latestStatus: 'Paid',
    });
    await expectAxeClean(announcerPage);
    await announcerPage.getByRole('button', { name: 'Dashboard' }).click();
  }, 150_000);

  it('5. a price change while the dashboards are open: both follow without a reload, and USSD charges it', async () => {
    const title = `${game.promotion.promotion_title} II`;
    const update = await adminClient.call(
      routes.updatePromotion,
      { id: admin.id },
      {
        id: game.promotion.ID,
        promotion_title: title,
        promotion_prize_lrd: formatMoney(NEW_PRICE),
        promotion_prize_usd: '1.00',
      },
    );
    expect(update.status, update.text).toBe(200);
    // the announcer's banner: the price USSD now charges; the partner's card under the promotion's new title
    await announcerPage.getByText(`${lrd(NEW_PRICE)} to Play`).waitFor();
    await partnerPage.getByRole('article', { name: title }).waitFor();
    game.promotion.promotion_title = title;

    await aPaidUssdEntry(NEW_PRICE);
    booked(1, NEW_PRICE);
    await everyScreenAgrees({ axe: false });

    // the dashboards at 390 px: the same figures, axe clean
    for (const page of [partnerPage, announcerPage]) await page.setViewportSize(STAFF_PHONE.viewport);
    await agrees(dashboardBalances, expectedBalances());
    await announcerPage.getByText(`${lrd(NEW_PRICE)} to Play`).waitFor();
    await Promise.all([partnerPage, announcerPage].map(expectAxeClean));
  }, 120_000);
});

/**
 * A statement as its table shows it: the Balance line, whether each line's balance is the one before it
 * plus its amount (oldest first; the table is newest first), and the newest line's balance.
 */
async function statementBalances(page: Page) {
  const balance = (await page.locator('.statement-balance').innerText()).replace('Balance: ', '');
  const rows = await page
    .getByRole('region', { name: 'Table: Statement lines, newest first' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const cents = (text: string) => {
    const match = /(-?)L\$ (-?)([\d,]+)\.(\d\d)/.exec(text);
    if (!match) return Number.NaN;
    const value = Number(match[3]!.replace(/,/g, '')) * 100 + Number(match[4]);
    return match[1] || match[2] ? -value : value;
  };
  const oldestFirst = rows.map((cells) => ({
    what: cells[1]!,
    amount: cents(cells[3]!),
    status: cells[4]!,
    after: cents(cells[5]!),
  }));
  oldestFirst.reverse();
  let running = 0;
  let chained = oldestFirst.length > 0;
  // a restore comes after the failed payout it restores (issue 34: listed before it, the balance between
  // showed money the payee never held)
  let failedPayouts = 0;
  let restoresInOrder = true;
  const kinds: Record<string, number> = {};
  for (const line of oldestFirst) {
    // a payout's amount is what left the balance, shown as paid out; a restore and a credit add
    const signed = line.what === 'Payout' || line.what.startsWith('Refund') ? -Math.abs(line.amount) : line.amount;
    running += signed;
    if (running !== line.after || running < 0) chained = false;
    const kind = line.what.replace(/ \(\d+\)$/, '');
    kinds[kind] = (kinds[kind] ?? 0) + 1;
    if (line.what === 'Payout' && line.status.startsWith('Failed')) failedPayouts += 1;
    if (line.what === 'Payout failed — restored' && failedPayouts-- <= 0) restoresInOrder = false;
  }
  // the lines themselves only when they do not add up, for the failure's message
  return {
    balance,
    chained,
    restoresInOrder,
    kinds,
    last: rows[0]?.[5] ?? 'no lines',
    latestStatus: rows[0]?.[4] ?? 'no lines',
    ...(chained && restoresInOrder ? {} : { rows }),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

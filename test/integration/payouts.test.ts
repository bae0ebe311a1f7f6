import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { IDEMPOTENCY_KEY_REQUIRED } from '@shared/api/schemas/payouts';
import type { PartnerRecord } from '@shared/api/schemas/staff';
import { messages } from '@shared/messages';
import { overviewEvents } from '../../functions/modules/dashboards';
import {
  confirmPayout,
  getPayout,
  listBalances,
  listLedger,
  NOT_FOUND_SETTLE_MS,
  type Payout,
  payoutRefusals,
  prizePayoutId,
  reconcilePayouts,
  startPrizePayout,
} from '../../functions/modules/payouts';
import { adminPartnersTopic } from '../../functions/modules/live';
import { drawsAwaitingPrizePayout, getDraw, type PrizeDraw } from '../../functions/modules/draw-records';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient, ApiResponse } from '../support/api';
import { aBalance, aDrawRecord, anAnnouncer, aPartner, aPrizePayoutOf, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotion, assignmentTerms } from '../support/catalog';
import { eventually } from '../support/eventually';
import { orangeSimulatorTransactions, smsTo } from '../support/play';
import { isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { attemptSms, getSms, smsIdOf } from '../../functions/modules/messages';
import { backdatePayout } from '../support/stored-state';
import { splitCheckCode } from '../support/sms-check';
import { sharedStack } from '../support/stack-target';

/**
 * Money out (DESIGN section 4 "Payouts"; spec sections 5, 7, 8):
 * pay partner / pay announcer hold the amount at once, restore it if the
 * provider fails the transfer, pay once per Idempotency-Key, never take a
 * balance below zero — with real concurrency against DynamoDB Local and the
 * MoMo simulator. Prize payouts go out from the reconciliation job.
 */

let admin: StaffUser;
let client: ApiClient;

beforeAll(async () => {
  ({ user: admin, client } = await fixtureSuperAdmin());
});

/** A payee number no other test uses, with the simulator's outcome for its last six digits ('' = approve). */
const aPayeeNumber = (outcome: '' | '000101' | '000103' = '') =>
  outcome ? `088${randomInt(10)}${outcome}` : `088${randomInt(1_000_000, 9_999_999)}`;
/** 0881234567 → 231881234567, as numbers are stored. */
const stored = (local: string) => `231${local.slice(1)}`;

/** `key` null sends no Idempotency-Key header. */
function payPartner(partner: PartnerRecord, amounts: Record<string, string>, key: string | null = randomUUID()) {
  return client.call(
    routes.payPartner,
    { id: admin.id },
    {
      search_string: partner.SearchString,
      username: partner.Username,
      mobile_money_number: partner.MobileMoneyNumber,
      account_balance: amounts,
    },
    { headers: key === null ? {} : { 'idempotency-key': key } },
  );
}

const balanceCents = async (userId: string) => (await listBalances(userId)).reduce((sum, b) => sum + b.amountCents, 0);

/** The balance is exactly the sum of its ledger lines (nothing lost or made up). */
async function expectLedgerExplainsBalance(userId: string) {
  const ledger = await listLedger(userId);
  expect(await balanceCents(userId)).toBe(ledger.reduce((sum, line) => sum + line.deltaCents, 0));
  return ledger;
}

const payoutSettled = (id: string) =>
  eventually(
    () => getPayout(id),
    (p) => p?.status !== 'pending',
  ) as Promise<Payout>;

/** What the simulator holds for a transfer reference: one transaction per reference, or none. */
async function simulatorTransfer(reference: string): Promise<{ status: string; callbackUrl?: string } | undefined> {
  const response = await fetch(`${sharedStack().momoUrl}/__sim/disbursement/${reference}`);
  return response.status === 404 ? undefined : ((await response.json()) as { status: string; callbackUrl?: string });
}

describe('pay partner', () => {
  it('holds the amount, sends it to the stored number and answers with the spec’s text', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    const friday = await aBalance(partner.ID, 'partner', 250_075, undefined, 'Kiss Friday');
    await aBalance(partner.ID, 'partner', 10_000, undefined, 'Kiss Monday');

    const response = await payPartner(partner, { [friday]: '2000.75' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(messages.partner.paid);
    expect(response.body.Payouts).toEqual([
      { ID: expect.any(String), PromotionID: friday, Promotion: 'Kiss Friday', Amount: '2000.75', Status: 'pending' },
    ]);
    expect(await balanceCents(partner.ID)).toBe(260_075 - 200_075);

    const payout = await payoutSettled(response.body.Payouts[0].ID);
    expect(payout).toMatchObject({
      status: 'paid',
      msisdn: partner.MobileMoneyNumber,
      amountCents: 200_075,
      currency: 'LRD',
    });
    expect((await simulatorTransfer(payout.id))?.status).toBe('SUCCESSFUL');
    const ledger = await expectLedgerExplainsBalance(partner.ID);
    expect(ledger.filter((line) => line.ref === payout.id).map((line) => [line.kind, line.deltaCents])).toEqual([
      ['payout-hold', -200_075],
    ]);
  });

  it('of 20 concurrent requests each for the full balance, exactly one pays; the others are refused with {error}', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    const promotion = await aBalance(partner.ID, 'partner', 500_000, undefined, 'Full Balance');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => payPartner(partner, { [promotion]: '5000.00' })),
    );

    const paid = responses.filter((r) => r.status === 200);
    expect(paid, responses.map((r) => `${r.status} ${r.text}`).join('\n')).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expect([400, 409]).toContain(refused.status);
      expect(typeof refused.body.error).toBe('string');
    }
    expect(await balanceCents(partner.ID)).toBe(0);
    const ledger = await expectLedgerExplainsBalance(partner.ID);
    expect(ledger.filter((line) => line.kind === 'payout-hold')).toHaveLength(1);
  });

  it('pays once for one Idempotency-Key, also when the retry races the first click', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    const promotion = await aBalance(partner.ID, 'partner', 100_000, undefined, 'Retry Promo');
    const key = randomUUID();

    const [first, racing] = await Promise.all([
      payPartner(partner, { [promotion]: '300.00' }, key),
      payPartner(partner, { [promotion]: '300.00' }, key),
    ]);
    const retried = await payPartner(partner, { [promotion]: '300.00' }, key);
    for (const response of [first, racing, retried]) expect(response.status, response.text).toBe(200);
    const id = first.body.Payouts[0].ID as string;
    expect(racing.body.Payouts[0].ID).toBe(id);
    expect(retried.body.Payouts[0].ID).toBe(id);

    // one transfer at the provider for that reference, one hold in the ledger
    expect(await simulatorTransfer(id)).toBeDefined();
    expect((await listLedger(partner.ID)).filter((line) => line.kind === 'payout-hold')).toHaveLength(1);
    expect(await balanceCents(partner.ID)).toBe(70_000);

    const reused = await payPartner(partner, { [promotion]: '1.00' }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error).toMatch(/Idempotency-Key/);
  });

  it('restores the held amount exactly once when the provider fails the transfer, however many callbacks and runs race', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber('000101') });
    const promotion = await aBalance(partner.ID, 'partner', 80_000, undefined, 'Unknown Payee');

    const response = await payPartner(partner, { [promotion]: '800.00' });
    expect(response.status, response.text).toBe(200);
    const id = response.body.Payouts[0].ID as string;
    expect(await balanceCents(partner.ID)).toBe(0);
    await backdatePayout(id, 61_000);

    // the moment the provider fails it, its own callback races replayed ones (forged bodies), a status check and the job
    const { callbackUrl } = (await eventually(
      () => simulatorTransfer(id),
      (held) => held?.status === 'FAILED',
    ))!;
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        fetch(callbackUrl!, { method: i % 2 ? 'PUT' : 'POST', body: '{"status":"SUCCESSFUL"}' }),
      ),
      confirmPayout(id, new Date()),
      reconcilePayouts(new Date()),
    ]);

    expect(await getPayout(id)).toMatchObject({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });
    expect(await balanceCents(partner.ID)).toBe(80_000);
    const ledger = await expectLedgerExplainsBalance(partner.ID);
    expect(
      ledger
        .filter((line) => line.ref === id)
        .map((line) => line.kind)
        .sort(),
    ).toEqual(['payout-hold', 'payout-restore']);
  });

  it('answers a transfer callback with a wrong secret or reference with a 404 that changes nothing', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber('000103') });
    const promotion = await aBalance(partner.ID, 'partner', 1_000, undefined, 'Callback Promo');
    const response = await payPartner(partner, { [promotion]: '10.00' });
    const id = response.body.Payouts[0].ID as string;
    await eventually(
      () => simulatorTransfer(id),
      (held) => held?.status === 'SUCCESSFUL',
    );
    const base = `${sharedStack().baseUrl}/api/v1/webhooks/momo-transfer`;
    for (const url of [
      `${base}/${id}/${'A'.repeat(32)}`,
      `${base}/not-a-uuid/${'A'.repeat(32)}`,
      `${base}/${randomUUID()}/${'A'.repeat(32)}`,
    ]) {
      expect((await fetch(url, { method: 'PUT', body: '{"status":"SUCCESSFUL"}' })).status).toBe(404);
    }
    expect((await getPayout(id))!.status).toBe('pending');
  });

  it('refuses bad requests with the spec’s messages, holding nothing', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    const small = await aBalance(partner.ID, 'partner', 5_000, undefined, 'Small Balance');
    const refusal = async (response: Promise<ApiResponse>) => {
      const { status, body } = await response;
      return { status, error: body.error as string };
    };

    expect(await refusal(payPartner(partner, { [small]: '1.00' }, null))).toEqual({
      status: 400,
      error: IDEMPOTENCY_KEY_REQUIRED,
    });
    // the missing key is told first, whatever the body holds
    expect(await refusal(payPartner(partner, {}, null))).toEqual({ status: 400, error: IDEMPOTENCY_KEY_REQUIRED });
    expect((await refusal(payPartner(partner, { [small]: '1.00' }, 'short'))).status).toBe(400);
    expect(await refusal(payPartner(partner, {}))).toEqual({
      status: 400,
      error: messages.validation.enterBalanceValues,
    });
    const absent = client.call(
      routes.payPartner,
      { id: admin.id },
      { search_string: partner.SearchString },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(await refusal(absent)).toEqual({ status: 400, error: messages.validation.enterBalanceValues });
    for (const amount of ['0', '0.00', '12.345', 'abc', '-5', '']) {
      const { status, error } = await refusal(payPartner(partner, { [small]: amount }));
      expect(status, amount).toBe(400);
      expect(error, amount).toContain(small);
    }
    expect(await refusal(payPartner(partner, { [small]: '50.01' }))).toEqual({
      status: 400,
      error: 'The amount for "Small Balance" is more than its balance (L$ 50.00).',
    });
    expect(await refusal(payPartner(partner, { 'Small Balance': '1.00' }))).toEqual({
      status: 400,
      error: 'No balance for promotion "Small Balance".',
    });
    const otherNumber = client.call(
      routes.payPartner,
      { id: admin.id },
      { search_string: partner.SearchString, mobile_money_number: '0777000999', account_balance: { [small]: '1.00' } },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect((await refusal(otherNumber)).status).toBe(400);
    const unknownPartner = client.call(
      routes.payPartner,
      { id: admin.id },
      { search_string: 'NO-SUCH-PARTNER', account_balance: { x: '1' } },
      {
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect((await refusal(unknownPartner)).status).toBe(404);

    expect(await balanceCents(partner.ID)).toBe(5_000);
    expect((await listLedger(partner.ID)).map((line) => line.kind)).toEqual(['entry-share']);
  });
});

/** DESIGN section 8: a payout to an Orange number is an Orange Money cash-in, never an MTN transfer. */
describe('payouts to Orange numbers', () => {
  const anOrangePayee = (outcome: '' | '000101' = '') =>
    outcome ? `077${randomInt(10)}${outcome}` : `077${randomInt(1_000_000, 9_999_999)}`;

  it("pays a partner through Orange cash-in; Orange's notification settles the payout as paid", async () => {
    const partner = await aPartner({ mobile_money_number: anOrangePayee() });
    const promotion = await aBalance(partner.ID, 'partner', 50_000, undefined, 'Orange Friday');
    const response = await payPartner(partner, { [promotion]: '300.00' });
    expect(response.status, response.text).toBe(200);
    const id = response.body.Payouts[0].ID as string;

    // the scheduler is off in tests: only the notification to our webhook can settle it
    const payout = await payoutSettled(id);
    expect(payout).toMatchObject({
      status: 'paid',
      msisdn: partner.MobileMoneyNumber,
      amountCents: 30_000,
      financialTransactionId: expect.stringMatching(/^CI/),
    });
    const [cashin] = await orangeSimulatorTransactions(id);
    expect(cashin).toMatchObject({ status: 'SUCCESSFULL' });
    expect(cashin!.request.notifUrl).toContain(`/api/v1/webhooks/orange-cashin/${id}/`);
    expect(await simulatorTransfer(id)).toBeUndefined();
    expect(await balanceCents(partner.ID)).toBe(20_000);
    await expectLedgerExplainsBalance(partner.ID);
  });

  it('restores the held amount when Orange fails the cash-in', async () => {
    const partner = await aPartner({ mobile_money_number: anOrangePayee('000101') });
    const promotion = await aBalance(partner.ID, 'partner', 8_000, undefined, 'Orange Refused');
    const response = await payPartner(partner, { [promotion]: '80.00' });
    expect(response.status, response.text).toBe(200);
    const payout = await payoutSettled(response.body.Payouts[0].ID as string);
    expect(payout).toMatchObject({ status: 'failed', reason: 'FAILED' });
    expect(await balanceCents(partner.ID)).toBe(8_000);
    await expectLedgerExplainsBalance(partner.ID);
  });
});

describe('money keyed by promotion id (DESIGN section 7)', () => {
  const partnersListed = async () =>
    ((await adminPartnersTopic.snapshot({}, new Date()))[0]!.data as { Partners: PartnerRecord[] }).Partners;

  it('keeps a renamed promotion and a new one with its old title apart: both shown, both payable', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    const title = `Collision ${randomUUID().slice(0, 8)}`;
    const assign = async (promotionId: string) => {
      const response = await client.call(
        routes.assignPartnerPromotion,
        { id: admin.id },
        assignmentTerms({ searchString: partner.SearchString }, promotionId),
      );
      expect(response.status, response.text).toBe(201);
    };
    const renamed = await aPromotion(client, admin.id, { promotion_title: title });
    await assign(renamed.ID);
    await aBalance(partner.ID, 'partner', 30_000, renamed.ID, title);
    const rename = await client.call(
      routes.updatePromotion,
      { id: admin.id },
      {
        id: renamed.ID,
        promotion_title: `${title} Renamed`,
        promotion_prize_lrd: '100.00',
        promotion_prize_usd: '0.50',
      },
    );
    expect(rename.status, rename.text).toBe(200);
    const reused = await aPromotion(client, admin.id, { promotion_title: title });
    await assign(reused.ID);
    await aBalance(partner.ID, 'partner', 12_000, reused.ID, title);

    const listed = (await partnersListed()).find((p) => p.ID === partner.ID)!;
    expect(listed.AccountBalance).toEqual({ [`${title} Renamed`]: '300.00', [title]: '120.00' });
    expect(listed.PromotionBalances).toEqual(
      expect.arrayContaining([
        { PromotionID: renamed.ID, Promotion: `${title} Renamed`, Amount: '300.00' },
        { PromotionID: reused.ID, Promotion: title, Amount: '120.00' },
      ]),
    );

    const response = await payPartner(partner, { [renamed.ID]: '300.00', [reused.ID]: '120.00' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(messages.partner.paid);
    expect(
      response.body.Payouts.map((p: { PromotionID: string; Amount: string }) => [p.PromotionID, p.Amount]).sort(),
    ).toEqual(
      [
        [renamed.ID, '300.00'],
        [reused.ID, '120.00'],
      ].sort(),
    );
    expect(await balanceCents(partner.ID)).toBe(0);
    const ledger = await expectLedgerExplainsBalance(partner.ID);
    expect(
      ledger
        .filter((line) => line.kind === 'payout-hold')
        .map((line) => [line.promotionId, line.deltaCents])
        .sort(),
    ).toEqual(
      [
        [renamed.ID, -30_000],
        [reused.ID, -12_000],
      ].sort(),
    );
  });

  it.each([
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
  ])('refuses %s as a promotion with a 400 that pays nothing', async (key) => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber() });
    await aBalance(partner.ID, 'partner', 5_000, undefined, 'Prototype Promo');
    // a computed key: an own property, sent on the wire as JSON.parse will read it
    const response = await payPartner(partner, { [key]: '1.00' });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error).toBe(`No balance for promotion "${key}".`);
    expect(await balanceCents(partner.ID)).toBe(5_000);
    expect((await listLedger(partner.ID)).map((line) => line.kind)).toEqual(['entry-share']);
  });

  it('answers a retried key whose payout failed as a failure, never with the success text', async () => {
    const partner = await aPartner({ mobile_money_number: aPayeeNumber('000101') });
    const promotion = await aBalance(partner.ID, 'partner', 7_000, undefined, 'Failing Promo');
    const key = randomUUID();
    const first = await payPartner(partner, { [promotion]: '70.00' }, key);
    expect(first.status, first.text).toBe(200);
    const id = first.body.Payouts[0].ID as string;
    await eventually(
      () => simulatorTransfer(id),
      (held) => held?.status === 'FAILED',
    );
    await confirmPayout(id, new Date());
    expect((await getPayout(id))!.status).toBe('failed');

    const retried = await payPartner(partner, { [promotion]: '70.00' }, key);
    expect(retried.status, retried.text).toBe(409);
    expect(retried.body.message).toBeUndefined();
    expect(retried.body.error).toBe(payoutRefusals.failedUnderKey('Failing Promo', 'PAYEE_NOT_FOUND'));
    expect(retried.body.Payouts).toEqual([
      expect.objectContaining({ ID: id, Status: 'failed', Reason: 'PAYEE_NOT_FOUND' }),
    ]);
    // nothing held again: the restored amount stays on the balance
    expect(await balanceCents(partner.ID)).toBe(7_000);
    expect((await listLedger(partner.ID)).filter((line) => line.kind === 'payout-hold')).toHaveLength(1);
  });
});

describe('pay announcer', () => {
  it('pays an announcer; a transfer the provider never calls back about is settled by reconciliation', async () => {
    const announcer = await anAnnouncer(undefined, { mobile_money_number: aPayeeNumber('000103') });
    const bonus = await aBalance(announcer.ID, 'announcer', 12_345, undefined, 'Bonus Promo');
    const body = {
      username: announcer.Username,
      search_string: announcer.SearchString,
      partner_search_string: announcer.PartnerSearchString,
      mobile_money_number: announcer.MobileMoneyNumber,
      account_balance: { [bonus]: '123.45' },
    };
    const response = await client.call(routes.payAnnouncer, { id: admin.id }, body, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(messages.announcer.paid);
    const id = response.body.Payouts[0].ID as string;

    await eventually(
      () => simulatorTransfer(id),
      (held) => held?.status === 'SUCCESSFUL',
    );
    expect((await getPayout(id))!.status).toBe('pending');
    await reconcilePayouts(new Date());
    expect((await getPayout(id))!.status, 'in flight under a minute: not asked yet').toBe('pending');
    await backdatePayout(id, 61_000);
    await reconcilePayouts(new Date());
    expect((await getPayout(id))!.status).toBe('paid');
    expect(await balanceCents(announcer.ID)).toBe(0);
    await expectLedgerExplainsBalance(announcer.ID);

    const wrongPartner = await client.call(
      routes.payAnnouncer,
      { id: admin.id },
      { ...body, partner_search_string: 'SOMEONE-ELSE' },
      {
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect(wrongPartner.status).toBe(400);
  });
});

describe('prize payouts (the reconcile-payouts job)', () => {
  const queued = async (drawId: string) => (await drawsAwaitingPrizePayout()).some((draw) => draw.id === drawId);
  const drawNow = (id: string) => getDraw(id) as Promise<PrizeDraw>;

  it('pays a winner once however many runs race, and takes the draw off the queue', async () => {
    const draw = await aDrawRecord({ winnerMsisdn: stored(aPayeeNumber()) });
    await Promise.all([reconcilePayouts(new Date()), reconcilePayouts(new Date())]);

    const started = await drawNow(draw.id);
    expect(started).toMatchObject({ payoutId: prizePayoutId(draw.id, 1), payoutAttempt: 1 });
    const paid = await eventually(
      () => drawNow(draw.id),
      (d) => d.payoutStatus === 'paid',
    );
    expect(paid.payoutReason).toBeUndefined();
    expect(await queued(draw.id)).toBe(false);
    expect(await getPayout(prizePayoutId(draw.id, 1))).toMatchObject({
      status: 'paid',
      amountCents: 500_000,
      msisdn: draw.winnerMsisdn,
    });
    expect(await simulatorTransfer(prizePayoutId(draw.id, 2))).toBeUndefined();
  });

  describe('the winner’s "prize paid" SMS (DESIGN section 8)', () => {
    const paidText = (cents: string, title: string) =>
      `Your prize of ${cents} LRD from ${title} has been sent to your mobile money. Congratulations!`;
    const prizePaidSmsTo = async (msisdn: string, title: string) =>
      (await smsTo(msisdn))
        .filter((m) => m.text.includes(title) && m.text.includes('has been sent to your mobile money'))
        // as the phone shows it, less the check code's line every SMS ends with
        .map(({ to, text }) => ({ to, text: splitCheckCode(text).text }));

    it('is sent once to the winner when the prize is paid, however many callbacks and runs race', async () => {
      const title = `Gbarnga Friday ${randomInt(1_000_000)}`;
      const draw = await aDrawRecord({
        winnerMsisdn: stored(aPayeeNumber()),
        prizeLrdCents: 123_456,
        promotionTitle: title,
      });
      await reconcilePayouts(new Date());
      const id = prizePayoutId(draw.id, 1);
      // the provider's callback, callers replaying it and reconciliation runs all race to confirm the one transfer
      await Promise.all([
        ...Array.from({ length: 5 }, () => confirmPayout(id, new Date())),
        reconcilePayouts(new Date()),
        reconcilePayouts(new Date()),
      ]);
      await payoutSettled(id);
      expect((await getPayout(id))!.status).toBe('paid');

      const sms = await eventually(
        () => getSms(smsIdOf('prize-paid', id)),
        (r) => r?.state === 'sent',
      );
      expect(sms).toMatchObject({
        purpose: 'prize-paid',
        ref: id,
        to: draw.winnerMsisdn,
        text: paidText('1,234.56', title),
      });
      expect(isOneGsm7Sms(sms!.text)).toBe(true);
      // replays after the payment send nothing more
      await Promise.all([confirmPayout(id, new Date()), reconcilePayouts(new Date())]);
      expect(await prizePaidSmsTo(draw.winnerMsisdn!, title)).toEqual([
        { to: draw.winnerMsisdn, text: paidText('1,234.56', title) },
      ]);
    });

    it('is sent for a paid prize whose first attempt the gateway failed, by a retry at its due time', async () => {
      // the SMS gateway simulator answers 5xx for numbers ending 000203 (test/integration/sms-retry.test.ts)
      const title = `Retry Promo ${randomInt(1_000_000)}`;
      const draw = await aDrawRecord({
        winnerMsisdn: `23188${randomInt(10)}000203`,
        prizeLrdCents: 10_000,
        promotionTitle: title,
      });
      await reconcilePayouts(new Date());
      const id = prizePayoutId(draw.id, 1);
      await payoutSettled(id);
      expect((await getPayout(id))!.status).toBe('paid');
      const owed = await eventually(
        () => getSms(smsIdOf('prize-paid', id)),
        (r) => r !== undefined && r.lastError !== undefined,
      );
      expect(owed).toMatchObject({ state: 'pending', attempts: 1 });
      // the retry job's attempt at its due time, for this SMS alone (the job itself would also send other files' due SMS early)
      // (another file's retry-job run may have sent it first: either way it is sent once, on the second attempt)
      await attemptSms(owed!.id, new Date(Date.parse(owed!.nextAttemptAt!) + 1));
      expect(await getSms(owed!.id)).toMatchObject({ state: 'sent', attempts: 2, text: paidText('100.00', title) });
    });

    it('is not sent when the prize payout fails', async () => {
      const title = `Failed Promo ${randomInt(1_000_000)}`;
      const draw = await aDrawRecord({ winnerMsisdn: stored(aPayeeNumber('000101')), promotionTitle: title });
      await reconcilePayouts(new Date());
      const id = prizePayoutId(draw.id, 1);
      await Promise.all([confirmPayout(id, new Date()), confirmPayout(id, new Date())]);
      expect(await payoutSettled(id)).toMatchObject({ status: 'failed', reason: 'PAYEE_NOT_FOUND' });
      await confirmPayout(id, new Date());
      expect(await getSms(smsIdOf('prize-paid', id))).toBeUndefined();
      expect(await prizePaidSmsTo(draw.winnerMsisdn!, title)).toEqual([]);
    });
  });

  it('pays a prize once when the provider’s status lags a transfer whose send timed out (the slow number)', async () => {
    // the simulator's slow number: the POST is answered after 10 s (past the adapter's 8 s), its status answers NOT_FOUND until then
    const draw = await aDrawRecord({ winnerMsisdn: '231880000106', prizeLrdCents: 77_700 });
    const first = prizePayoutId(draw.id, 1);
    await reconcilePayouts(new Date());
    expect(await simulatorTransfer(first)).toBeDefined();
    expect((await drawNow(draw.id)).payoutId).toBe(first);

    // NOT_FOUND for a reference just sent is no failure: it stays pending, and no run sends a new reference
    expect(['pending', 'paid']).toContain(await confirmPayout(first, new Date()));
    await reconcilePayouts(new Date());
    expect(await simulatorTransfer(prizePayoutId(draw.id, 2))).toBeUndefined();

    // once the provider knows it, the one transfer is confirmed
    const paid = await eventually(
      async () => {
        await confirmPayout(first, new Date());
        return drawNow(draw.id);
      },
      (d) => d.payoutStatus !== 'pending',
      15_000,
    );
    expect(paid).toMatchObject({ payoutId: first, payoutAttempt: 1, payoutStatus: 'paid' });
    expect(await getPayout(first)).toMatchObject({ status: 'paid', amountCents: 77_700 });
    expect((await simulatorTransfer(first))?.status).toBe('SUCCESSFUL');
    await reconcilePayouts(new Date());
    expect(await simulatorTransfer(prizePayoutId(draw.id, 2))).toBeUndefined();
    expect(await queued(draw.id)).toBe(false);
  });

  it('fails a payout whose reference the provider never received only after NOT_FOUND lasted the settling delay', async () => {
    const draw = await aDrawRecord({ winnerMsisdn: stored(aPayeeNumber()) });
    const payout = aPrizePayoutOf(draw);
    // started but never sent (the process died before the POST): the provider has never heard of it
    expect(await startPrizePayout(payout, draw as PrizeDraw)).toBe(true);
    const seen = new Date();
    expect(await confirmPayout(payout.id, seen)).toBe('pending');
    expect(await confirmPayout(payout.id, new Date(seen.getTime() + NOT_FOUND_SETTLE_MS - 1_000))).toBe('pending');
    expect(await getPayout(payout.id)).toMatchObject({ status: 'pending', notFoundSince: seen.toISOString() });
    expect(await confirmPayout(payout.id, new Date(seen.getTime() + NOT_FOUND_SETTLE_MS))).toBe('failed');
    expect(await drawNow(draw.id)).toMatchObject({ payoutStatus: 'failed', payoutReason: 'NOT_FOUND' });
  });

  it('shows a failed prize payout to admins and retries it with a new reference, never two at once', async () => {
    const draw = await aDrawRecord({ winnerMsisdn: '231880000101', prizeLrdCents: 123_400 });
    await reconcilePayouts(new Date());
    const failed = await eventually(
      () => drawNow(draw.id),
      (d) => d.payoutStatus === 'failed',
    );
    expect(failed).toMatchObject({ payoutReason: 'PAYEE_NOT_FOUND', payoutAttempt: 1 });
    expect(await queued(draw.id)).toBe(true);

    const overview = await overviewEvents(new Date());
    const winnersAndTax = overview.find((e) => e.event === 'total_winner_history')!.data as {
      FailedPrizePayouts: Array<{ DrawID: string }>;
    };
    const shown = winnersAndTax.FailedPrizePayouts.find((f) => f.DrawID === draw.id);
    // a concurrent run elsewhere may already be retrying it; if not, admins see why it failed
    if ((await drawNow(draw.id)).payoutStatus === 'failed')
      expect(shown).toMatchObject({ Reason: 'PAYEE_NOT_FOUND', WinnerAmount: '1234.00' });

    await reconcilePayouts(new Date());
    const retried = await drawNow(draw.id);
    expect(retried.payoutAttempt).toBeGreaterThanOrEqual(2);
    expect(retried.payoutId).not.toBe(prizePayoutId(draw.id, 1));
    expect(await simulatorTransfer(prizePayoutId(draw.id, 2))).toBeDefined();
    expect((await getPayout(prizePayoutId(draw.id, 1)))!.status).toBe('failed');

    // while attempt 2 is in flight, another run starts nothing
    if (retried.payoutStatus === 'pending') {
      await reconcilePayouts(new Date());
      const during = await drawNow(draw.id);
      if (during.payoutStatus === 'pending') expect(during.payoutAttempt).toBe(retried.payoutAttempt);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { periodsOf } from '../../functions/platform/periods';
import { getEntry, reconcilePayments } from '../../functions/modules/entries';
import { getAssignment } from '../../functions/modules/catalog';
import { entrySharesOf, listBalances, listLedger } from '../../functions/modules/payouts';
import { readCounters } from '../../functions/modules/ledger';
import { getHouseSettings } from '../../functions/modules/games';
import { ApiClient } from '../support/api';
import { aPromotion, aSharedCode } from '../support/catalog';
import { aCheckedInAnnouncer, anAnnouncer, aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPlayerNumber, aUniquePlayerNumber, settledState, waitForSimulatorStatus } from '../support/play';
import { backdateEntry } from '../support/stored-state';

/** A partner promotion (100.00 LRD / 0.50 USD to enter) with 10% to the partner and 6% to its announcers. */
async function aPartnerPromotion(
  options: { announcers?: number; checkedIn?: number; server?: 'lonestar' | 'orange' } = {},
) {
  const { user, client } = await fixtureSuperAdmin();
  const partner = await aPartner();
  const checkedIn = [];
  for (let i = 0; i < (options.checkedIn ?? 0); i += 1) checkedIn.push(await aCheckedInAnnouncer(partner));
  for (let i = 0; i < (options.announcers ?? 0); i += 1) await anAnnouncer(partner);
  const promotion = await aPromotion(client, user.id, { promotion_prize_lrd: '100.00', promotion_prize_usd: '0.50' });
  const sharedCode = aSharedCode();
  const response = await client.call(
    routes.assignPartnerPromotion,
    { id: user.id },
    {
      partner: partner.SearchString,
      promotion: promotion.ID,
      partner_percentage: 10,
      announcer_percentage: 6,
      shared_code: sharedCode,
      server: options.server ?? 'lonestar',
      threshold: 100,
      starting_threshold: 50,
      winner_amount: '5000.00',
    },
  );
  if (response.status !== 201) throw new Error(response.text);
  return { partner, checkedIn, promotion, sharedCode, assignmentId: response.body.Assignment.ID as string };
}

const enterByCode = (sharedCode: string, mobile: string, currency: 'LRD' | 'USD' = 'LRD') =>
  new ApiClient().call(routes.codeEntry, {}, { mobile_number: mobile, shared_code: sharedCode, currency });

const cents = async (userId: string) => (await listBalances(userId)).reduce((sum, b) => sum + b.amountCents, 0);

describe('the money split of a paid entry (DESIGN section 4)', () => {
  it('with no announcer checked in: 10% to the partner, the announcer share stays with the house', async () => {
    const { partner, sharedCode, promotion } = await aPartnerPromotion({ announcers: 2 });
    const response = await enterByCode(sharedCode, aUniquePlayerNumber());
    expect(response.status).toBe(202);
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
    expect(await listBalances(partner.ID)).toEqual([
      { promotionId: promotion.ID, promotionTitle: promotion.promotion_title, amountCents: 1_000 },
    ]);
  });

  it('with one announcer checked in: it gets the whole 6%', async () => {
    const { partner, checkedIn, sharedCode } = await aPartnerPromotion({ checkedIn: 1, announcers: 1 });
    const response = await enterByCode(sharedCode, aUniquePlayerNumber());
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
    expect(await cents(partner.ID)).toBe(1_000);
    expect(await cents(checkedIn[0]!.ID)).toBe(600);
  });

  it('with three checked in: 6% split equally, rounding down, the cent left over to the house', async () => {
    const { partner, checkedIn, sharedCode } = await aPartnerPromotion({ checkedIn: 3 });
    // 6% of 100.00 LRD = 600 cents → 200 each; make it uneven with a USD entry below
    const response = await enterByCode(sharedCode, aUniquePlayerNumber());
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
    for (const announcer of checkedIn) expect(await cents(announcer.ID)).toBe(200);
    expect(await cents(partner.ID)).toBe(1_000);

    const { settings } = await getHouseSettings();
    const usd = await enterByCode(sharedCode, aUniquePlayerNumber(), 'USD');
    expect(usd.status, usd.text).toBe(202);
    expect(await settledState(usd.body.entry_id)).toMatchObject({ status: 'paid' });
    const valueLrd = Math.floor((50 * settings.usdToLrdRateMilli) / 1000);
    const perAnnouncer = Math.floor(Math.floor((valueLrd * 600) / 10_000) / 3);
    for (const announcer of checkedIn) expect(await cents(announcer.ID)).toBe(200 + perAnnouncer);
    expect(await cents(partner.ID)).toBe(1_000 + Math.floor((valueLrd * 1_000) / 10_000));

    // the USD entry's share on the ledger carries the rate and the USD cents it was credited at
    const usdLine = (await listLedger(partner.ID)).find((line) =>
      entrySharesOf(line).some((share) => share.ref === usd.body.entry_id),
    );
    expect(usdLine?.kind).toBe('entry-share');
    expect(entrySharesOf(usdLine!).find((share) => share.ref === usd.body.entry_id)).toMatchObject({
      rateMilli: settings.usdToLrdRateMilli,
      originalUsdCents: 50,
    });
  });

  it('counts the entry in its assignment and platform counters for the day, week, month and year', async () => {
    const { assignmentId, sharedCode } = await aPartnerPromotion();
    const response = await enterByCode(sharedCode, aUniquePlayerNumber());
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
    const paidAt = new Date((await getEntry(response.body.entry_id))!.paidAt!);
    const p = periodsOf(paidAt);
    const counters = await readCounters([
      { owner: assignmentId, period: 'D', value: p.day },
      { owner: assignmentId, period: 'W', value: p.week },
      { owner: assignmentId, period: 'M', value: p.month },
      { owner: assignmentId, period: 'Y', value: p.year },
    ]);
    for (const counter of counters)
      expect(counter).toEqual({ entries: 1, lrdCents: 10_000, usdCents: 0, valueLrdCents: 10_000 });
    expect(await getAssignment(assignmentId)).toMatchObject({ windowCount: 1, paidEntries: 1 });
  });

  it('refuses a number of the other network for a network-bound promotion', async () => {
    const { sharedCode } = await aPartnerPromotion({ server: 'lonestar' });
    const response = await enterByCode(sharedCode, aUniquePlayerNumber('orange'));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/open to Lonestar MTN numbers only/);
  });
});

describe('exactly once under real concurrency', () => {
  it('50 concurrent deliveries of one callback, racing reconciliation, make one ticket and one set of writes', async () => {
    const { partner, checkedIn, assignmentId, sharedCode } = await aPartnerPromotion({ checkedIn: 2 });
    const before = await getAssignment(assignmentId);
    // a number whose payment succeeds but is never called back: every delivery below is ours
    const response = await enterByCode(sharedCode, await aPlayerNumber('silent'));
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    const held = await waitForSimulatorStatus(entryId, 'SUCCESSFUL');
    expect(held.callbackUrl).toContain(`/api/v1/webhooks/momo/${entryId}/`);

    await backdateEntry(entryId, 61_000);
    const now = new Date();
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        fetch(held.callbackUrl!, {
          method: i % 2 === 0 ? 'PUT' : 'POST',
          headers: { 'content-type': 'application/json' },
          // a forged body claiming anything: it is never trusted
          body: JSON.stringify({ status: 'SUCCESSFUL', amount: '999999', externalId: entryId }),
        }).then((r) => r.status),
      ),
      reconcilePayments(now).then(() => 200),
      reconcilePayments(now).then(() => 200),
    ]);
    expect(results.every((status) => status === 200)).toBe(true);

    const entry = await getEntry(entryId);
    expect(entry).toMatchObject({ status: 'paid', windowNo: before!.windowNo, seq: before!.windowCount + 1 });
    expect(await getAssignment(assignmentId)).toMatchObject({ windowCount: before!.windowCount + 1, paidEntries: 1 });
    const day = periodsOf(new Date(entry!.paidAt!)).day;
    expect((await readCounters([{ owner: assignmentId, period: 'D', value: day }]))[0]!.entries).toBe(1);

    for (const user of [partner, ...checkedIn]) {
      const lines = (await listLedger(user.ID)).filter((line) => entrySharesOf(line).some((e) => e.ref === entryId));
      expect(lines).toHaveLength(1);
      // the balance is exactly the sum of its ledger lines
      const ledgerSum = (await listLedger(user.ID)).reduce((sum, line) => sum + line.deltaCents, 0);
      expect(await cents(user.ID)).toBe(ledgerSum);
    }
  });

  it('a wrong secret or reference is a 404 that changes nothing', async () => {
    const { sharedCode } = await aPartnerPromotion();
    const response = await enterByCode(sharedCode, await aPlayerNumber('silent'));
    const entryId = response.body.entry_id as string;
    await waitForSimulatorStatus(entryId, 'SUCCESSFUL');
    const base = `${new ApiClient().baseUrl}/api/v1/webhooks/momo`;
    for (const url of [`${base}/${entryId}/${'A'.repeat(32)}`, `${base}/not-a-uuid/x`, `${base}/${entryId}`]) {
      const status = (await fetch(url, { method: 'PUT', body: '{}' })).status;
      expect(status).toBe(404);
    }
    expect((await getEntry(entryId))!.status).toBe('pending');
  });

  it('many entries settling at once on one promotion get dense, distinct sequence numbers', async () => {
    const { assignmentId, sharedCode } = await aPartnerPromotion();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => enterByCode(sharedCode, aUniquePlayerNumber())),
    );
    const states = await Promise.all(responses.map((r) => settledState(r.body.entry_id)));
    expect(states.every((s) => s.status === 'paid')).toBe(true);
    const seqs = (await Promise.all(responses.map((r) => getEntry(r.body.entry_id))))
      .map((e) => e!.seq!)
      .sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(states.map((s) => s.ticket_number)).size).toBe(12);
    expect((await getAssignment(assignmentId))!.windowCount).toBe(12);
  });
});

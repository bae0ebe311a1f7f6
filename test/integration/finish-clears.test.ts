import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { schedules } from '@shared/schedules';
import { finishClears } from '../../functions/modules/draws';
import { forgetIntegrationConfig } from '../../functions/integrations/secrets';
import { jobs } from '../../functions/lambdas/jobs-registry';
import { getPayout, listBalances, listLedger, refundPayoutId } from '../../functions/modules/payouts';
import { getEntry } from '../../functions/modules/entries';
import type { StaffUser } from '../../functions/modules/staff';
import type { ApiClient } from '../support/api';
import { aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPromotionToDraw, heldByMtnSimulator, paidEntriesByCode, queuedClearsOf, smsTo } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { setEntry } from '../support/stored-state';

/**
 * The finish-clears job (DESIGN section 4 "Clear draw"; section 8: a Lambda's timeout must exceed the
 * sum of its calls). Clear Draw only closes and queues; the job refunds and tells the players a bounded
 * number per run. On a stack of this file's own: the job runs over every queued clear, so no other
 * file's clears may be in its way (nor this file's run in theirs).
 */
let running: PrivateStack;
let admin: StaffUser;
let adminClient: ApiClient;

beforeAll(async () => {
  // this worker's store modules and helpers follow the private stack until afterAll
  running = await startPrivateStack({ webDist: false });
  ({ user: admin, client: adminClient } = await fixtureSuperAdmin());
});
afterAll(async () => {
  await running?.stop();
});

/** Where one refunded ticket stands: its refund payout, the transfer the simulator got, the SMS its player got. */
async function refundState(entry: { entryId: string; msisdn: string }) {
  const id = refundPayoutId(entry.entryId);
  const [payout, sent, sms] = await Promise.all([
    getPayout(id),
    heldByMtnSimulator('disbursement', id),
    smsTo(entry.msisdn),
  ]);
  return {
    payout: payout !== undefined,
    transfer: sent,
    sms: sms.filter((m) => m.text.includes('was cleared')).length,
  };
}

describe('the finish-clears job', () => {
  it('runs every minute from the one schedule list', () => {
    expect(schedules.find((s) => s.job === 'finish-clears')?.expression).toBe('rate(1 minute)');
  });

  it('Clear Draw makes no provider call; each run refunds at most its batch, the next resumes, each ticket once', async () => {
    const partner = await aPartner();
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const entries = await paidEntriesByCode(promotion.sharedCode, 5);
    const balance = async () =>
      (await listBalances(partner.ID)).find((b) => b.promotionId === promotion.promotion.ID)?.amountCents ?? 0;
    expect(await balance()).toBe(5_000);

    const cleared = await adminClient.call(
      routes.clearPartnerDraw,
      { id: admin.id },
      { partnerUsername: partner.SearchString, mode: 'refund' },
    );
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.message).toBe(messages.clearDraw.cleared(1, partner.Username, 5, 'refund'));
    // the request asked the provider for nothing: no refund, no transfer, no SMS; the balance is untouched
    const states = () => Promise.all(entries.map(refundState));
    expect(await states()).toEqual(entries.map(() => ({ payout: false, transfer: false, sms: 0 })));
    expect(await balance()).toBe(5_000);
    expect(await queuedClearsOf([promotion.assignmentId])).toMatchObject([{ mode: 'refund', count: 5 }]);

    // a run whose batch is two tickets refunds two, and records how far it got
    expect(await finishClears(new Date(), { ticketsPerRun: 2 })).toMatchObject({
      clears: { unfinished: 1 },
      tickets: 2,
    });
    const refunded = (list: Awaited<ReturnType<typeof states>>) => list.filter((s) => s.payout).length;
    let now = await states();
    expect(refunded(now)).toBe(2);
    for (const state of now)
      expect(state).toEqual(
        state.payout
          ? { payout: true, transfer: true, sms: 1 }
          : {
              payout: false,
              transfer: false,
              sms: 0,
            },
      );
    expect(await queuedClearsOf([promotion.assignmentId])).toMatchObject([{ done: 2 }]);

    // the next resumes after them: two more, none of the first two again
    expect(await finishClears(new Date(), { ticketsPerRun: 2 })).toMatchObject({ tickets: 2 });
    now = await states();
    expect(refunded(now)).toBe(4);
    expect(now.map((s) => s.sms).filter((n) => n > 1)).toEqual([]);

    // the registered job (as the scheduler runs it) finishes the last and dequeues the clear
    expect(await jobs['finish-clears'](new Date())).toMatchObject({ clears: { done: 1 }, tickets: 1 });
    expect(await states()).toEqual(entries.map(() => ({ payout: true, transfer: true, sms: 1 })));
    expect(await queuedClearsOf([promotion.assignmentId])).toEqual([]);
    for (const entry of entries)
      expect(await getEntry(entry.entryId)).toMatchObject({ refundedAt: expect.any(String) });
    const lines = (await listLedger(partner.ID)).filter((line) => line.kind === 'entry-refund');
    expect(lines.map((line) => line.ref).sort()).toEqual(entries.map((e) => e.entryId).sort());
    expect(await balance()).toBe(0);

    // nothing left: a further run does nothing
    expect(await finishClears(new Date())).toMatchObject({ clears: {}, tickets: 0 });
  });

  it('starts no refund once 20 s of a run have gone (its transfer would not be sent before the Lambda ends); the next run does', async () => {
    const partner = await aPartner();
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const [entry] = await paidEntriesByCode(promotion.sharedCode, 1);
    expect((await refundClear(partner)).status).toBe(200);
    // a run whose clock reads 21 s gone after its start: within the job's 45 s budget, past the refunds' 20 s
    const start = Date.now();
    let reads = 0;
    const clock = () => (reads++ === 0 ? start : start + 21_000);
    expect(await finishClears(new Date(), { clock })).toMatchObject({ clears: { unfinished: 1 }, tickets: 0 });
    expect(await refundState(entry!)).toEqual({ payout: false, transfer: false, sms: 0 });
    expect(await finishClears(new Date())).toMatchObject({ clears: { done: 1 }, tickets: 1 });
    expect(await refundState(entry!)).toEqual({ payout: true, transfer: true, sms: 1 });
  });

  it('a ticket that keeps failing is retried every run without holding up the rest, nor a younger clear', async () => {
    const [first, second] = await Promise.all([aPartner(), aPartner()]);
    const [older, younger] = await Promise.all([
      aPromotionToDraw(adminClient, admin.id, first, { starting_threshold: 1 }),
      aPromotionToDraw(adminClient, admin.id, second, { starting_threshold: 1 }),
    ]);
    const [olderEntries, youngerEntries] = await Promise.all([
      paidEntriesByCode(older.sharedCode, 3),
      paidEntriesByCode(younger.sharedCode, 2),
    ]);
    expect((await refundClear(first)).status).toBe(200);
    expect((await refundClear(second)).status).toBe(200);
    // setup: one ticket of the older clear that its refund cannot take (no payment time: the refund throws)
    const poisoned = olderEntries[1]!;
    const { paidAt } = (await getEntry(poisoned.entryId))!;
    await setEntryPaidAt(poisoned.entryId, undefined);

    expect(await finishClears(new Date(), { ticketsPerRun: 5 })).toMatchObject({
      clears: { unfinished: 1, done: 1 },
      tickets: 5,
    });
    const poisonedSeq = (await getEntry(poisoned.entryId))!.seq;
    expect(await queuedClearsOf([older.assignmentId])).toMatchObject([{ done: 3, retry: [poisonedSeq] }]);
    expect(await queuedClearsOf([younger.assignmentId])).toEqual([]);
    for (const entry of [...olderEntries, ...youngerEntries])
      expect(await refundState(entry)).toEqual(
        entry === poisoned ? { payout: false, transfer: false, sms: 0 } : { payout: true, transfer: true, sms: 1 },
      );

    // still failing: the next run takes it alone
    expect(await finishClears(new Date())).toMatchObject({ clears: { unfinished: 1 }, tickets: 1 });
    // mended, the next run refunds it and the clear leaves the queue
    await setEntryPaidAt(poisoned.entryId, paidAt);
    expect(await finishClears(new Date())).toMatchObject({ clears: { done: 1 }, tickets: 1 });
    expect(await refundState(poisoned)).toEqual({ payout: true, transfer: true, sms: 1 });
    expect(await queuedClearsOf([older.assignmentId])).toEqual([]);
  });

  it('with the provider unreachable no refund is committed (nothing to pay by hand); once it answers, each is refunded', async () => {
    const partner = await aPartner();
    const promotion = await aPromotionToDraw(adminClient, admin.id, partner, { starting_threshold: 1 });
    const entries = await paidEntriesByCode(promotion.sharedCode, 2);
    expect((await refundClear(partner)).status).toBe(200);
    const reachable = process.env.MOMO_BASE_URL;
    try {
      // the provider's payout check cannot be made: a third party's failure the simulator cannot produce
      process.env.MOMO_BASE_URL = 'http://127.0.0.1:9';
      forgetIntegrationConfig();
      expect(await finishClears(new Date())).toMatchObject({ clears: { unfinished: 1 }, tickets: 2 });
    } finally {
      process.env.MOMO_BASE_URL = reachable;
      forgetIntegrationConfig();
    }
    for (const entry of entries) {
      expect(await refundState(entry)).toEqual({ payout: false, transfer: false, sms: 0 });
      expect((await getEntry(entry.entryId))!.refundedAt).toBeUndefined();
    }
    expect((await queuedClearsOf([promotion.assignmentId]))[0]!.retry).toHaveLength(2);
    expect(await finishClears(new Date())).toMatchObject({ clears: { done: 1 }, tickets: 2 });
    for (const entry of entries) expect(await refundState(entry)).toEqual({ payout: true, transfer: true, sms: 1 });
  });
});

function refundClear(partner: { SearchString: string }) {
  return adminClient.call(
    routes.clearPartnerDraw,
    { id: admin.id },
    { partnerUsername: partner.SearchString, mode: 'refund' },
  );
}

/** Stand-in for a ticket its refund cannot take (or mended again): its payment time removed or restored. */
async function setEntryPaidAt(entryId: string, paidAt: string | undefined): Promise<void> {
  await setEntry(entryId, { paidAt });
}

import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/api/routes';
import { periodsOf } from '../../functions/platform/periods';
import { clearPartnerDraws } from '../../functions/modules/draws';
import { formatTicketNumber } from '@shared/ticket-number';
import { providerFor } from '../../functions/integrations/providers';
import {
  confirmEntry,
  type Entry,
  failEntry,
  getEntry,
  getWindowEntry,
  listWindowEntries,
  MAX_BATCH,
  pendingEntriesBefore,
  putPendingEntry,
  reconcilePayments,
  settleConfirmedEntries,
  settlePaidEntry,
} from '../../functions/modules/entries';
import { handler as streamConsumer } from '../../functions/lambdas/stream';
import { type ObservedRequest, observeLocalRequests } from '../../functions/platform/local-requests';
import { hashCallbackSecret } from '../../functions/platform/callback-secret';
import { getAssignment } from '../../functions/modules/catalog';
import { entrySharesOf, listBalances, listLedger } from '../../functions/modules/payouts';
import { type CounterValues, readCounters, readPlatformCounters } from '../../functions/modules/ledger';
import { getPartner } from '../../functions/modules/staff';
import { aPromotion, aSharedCode } from '../support/catalog';
import { aCheckedInAnnouncer, aPartner, fixtureSuperAdmin } from '../support/fixtures';
import { aPlayerNumber, finishClearsOf, smsTo, waitForSimulatorStatus } from '../support/play';
import {
  backdateEntry,
  entryConfirmationRecord,
  leaveOpenMark,
  setAssignment,
  windowRunPartitionOf,
} from '../support/stored-state';
import { sharedStack } from '../support/stack-target';

/**
 * Settlement in batches (DESIGN section 9; modules/entries/settlement.ts): a
 * callback confirms its payment and answers, and the table's stream
 * consumer settles the entries its records confirm together, a batch per
 * transaction. Under real concurrency against DynamoDB Local, every
 * invariant of one-by-one settlement still holds: one ticket per entry,
 * dense seqs, exact counters, balances that are the sum of their ledger
 * lines, one ticket SMS.
 */

const PRICE_CENTS = 10_000;

/** A partner promotion at 100.00 LRD: 10% to the partner, 6% split among the `checkedIn` announcers. */
async function aPartnerPromotion(checkedIn: number) {
  const { user, client } = await fixtureSuperAdmin();
  const partner = await aPartner();
  const announcers = [];
  for (let i = 0; i < checkedIn; i += 1) announcers.push(await aCheckedInAnnouncer(partner));
  const promotion = await aPromotion(client, user.id, { promotion_prize_lrd: '100.00', promotion_prize_usd: '0.50' });
  const response = await client.call(
    routes.assignPartnerPromotion,
    { id: user.id },
    {
      partner: partner.SearchString,
      promotion: promotion.ID,
      partner_percentage: 10,
      announcer_percentage: 6,
      shared_code: aSharedCode(),
      server: 'lonestar',
      threshold: 100,
      starting_threshold: 50,
      winner_amount: '5000.00',
    },
  );
  if (response.status !== 201) throw new Error(response.text);
  return { partner, announcers, promotion, assignmentId: response.body.Assignment.ID as string };
}

/**
 * A pending 100.00 LRD entry of the assignment, written as startEntry writes it, its prompt marked sent (created now,
 * so reconciliation leaves it alone). `confirmedAt`: stored confirmed already, as no callback confirms one — its
 * stream record is an INSERT, which settlement never takes (a confirmation the stream never settled).
 */
async function aPendingEntry(
  target: { assignmentId: string; promotion: { ID: string }; partner: { ID: string } },
  msisdn: string,
  secret?: string,
  confirmedAt?: string,
) {
  const entry: Entry = {
    id: randomUUID(),
    assignmentId: target.assignmentId,
    promotionId: target.promotion.ID,
    partnerId: target.partner.ID,
    game: 'partner',
    msisdn,
    currency: 'LRD',
    amountCents: PRICE_CENTS,
    rateMilli: 190_000,
    channel: 'web',
    status: 'pending',
    callbackSecretHash: hashCallbackSecret(secret ?? randomBytes(24).toString('base64url')),
    // the test sends (or withholds) each payment request itself: the prompts' stream consumer leaves these alone
    promptSentAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    ...(confirmedAt ? { confirmedAt } : {}),
  };
  await putPendingEntry(entry);
  return entry;
}

/**
 * `n` pending entries as the stream hands them to settlement: each confirmed `i` seconds after the first, in
 * memory only (in the table they stay unconfirmed, so the stack's own stream consumer never settles them).
 */
async function entriesConfirmedInMemory(
  target: Parameters<typeof aPendingEntry>[0],
  n: number,
  order = (i: number) => i,
) {
  const base = Date.now();
  const entries: Entry[] = [];
  for (let i = 0; i < n; i += 1) {
    const entry = await aPendingEntry(target, await aPlayerNumber('silent'));
    entries.push({ ...entry, confirmedAt: new Date(base + order(i) * 1_000).toISOString() });
  }
  return entries;
}

/** Until every entry is paid (by the stream's settlement, or reconciliation). */
const untilPaid = (entries: readonly Entry[]) =>
  vi.waitFor(
    async () => {
      for (const entry of entries) expect((await getEntry(entry.id))?.status).toBe('paid');
    },
    { timeout: 30_000, interval: 100 },
  );

/**
 * A payment the simulator approves and never calls back (a "silent" number),
 * requested as startEntry requests it: every delivery of its callback URL is the test's.
 */
async function aPaymentAwaitingCallback(target: Parameters<typeof aPendingEntry>[0]) {
  const secret = randomBytes(24).toString('base64url');
  const msisdn = await aPlayerNumber('silent');
  const entry = await aPendingEntry(target, msisdn, secret);
  const callbackUrl = `${sharedStack().baseUrl}/api/v1/webhooks/momo/${entry.id}/${secret}`;
  await (await providerFor(msisdn)).requestToPay({
    referenceId: entry.id,
    msisdn,
    amountCents: PRICE_CENTS,
    currency: 'LRD',
    externalId: entry.id,
    payerMessage: 'entry',
    payeeNote: entry.id,
    callbackUrl,
  });
  return { entry, callbackUrl };
}

const shuffled = <T>(items: T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

const centsOf = async (userId: string) => (await listBalances(userId)).reduce((sum, b) => sum + b.amountCents, 0);
const ledgerOf = async (userId: string) => (await listLedger(userId)).filter((line) => line.kind === 'entry-share');

/** The assignment's window, seqs 1..n, each held by the paid entry that has that seq: what a draw reads. */
async function expectDenseWindow(assignmentId: string, entries: Entry[]) {
  const paid = await Promise.all(entries.map((e) => getEntry(e.id)));
  expect(paid.every((e) => e!.status === 'paid')).toBe(true);
  const windowNo = paid[0]!.windowNo!;
  expect(paid.every((e) => e!.windowNo === windowNo)).toBe(true);
  expect(paid.map((e) => e!.seq!).sort((a, b) => a - b)).toEqual(entries.map((_, i) => i + 1));
  expect(new Set(paid.map((e) => e!.ticketNumber)).size).toBe(entries.length);
  for (const entry of paid) {
    expect(await getWindowEntry(assignmentId, windowNo, entry!.seq!)).toEqual({
      entryId: entry!.id,
      ticketNumber: entry!.ticketNumber,
      msisdn: entry!.msisdn,
    });
  }
  expect(await getWindowEntry(assignmentId, windowNo, entries.length + 1)).toBeUndefined();
  return paid.map((e) => e!);
}

/**
 * Each payee's balance is exactly its ledger, whose lines (one per settlement batch) credit each entry once, `cents`
 * each; answers each payee's lines, as the entry ids each lists.
 */
async function expectShares(payees: Array<{ ID: string }>, entries: Entry[], cents: number) {
  const batches: string[][][] = [];
  for (const payee of payees) {
    const lines = await ledgerOf(payee.ID);
    const shares = lines.flatMap((line) => entrySharesOf(line));
    expect(shares.map((share) => share.ref).sort()).toEqual(entries.map((e) => e.id).sort());
    expect(shares.every((share) => share.cents === cents)).toBe(true);
    for (const line of lines)
      expect(line.deltaCents).toBe(entrySharesOf(line).reduce((sum, share) => sum + share.cents, 0));
    expect(await centsOf(payee.ID)).toBe(lines.reduce((sum, line) => sum + line.deltaCents, 0));
    batches.push(lines.map((line) => entrySharesOf(line).map((share) => share.ref)));
  }
  return batches;
}

const entriesOf = (n: number): CounterValues => ({
  entries: n,
  lrdCents: n * PRICE_CENTS,
  usdCents: 0,
  valueLrdCents: n * PRICE_CENTS,
});

describe('settling a draw window in batches, under real concurrency', () => {
  it('30 concurrent callbacks for 10 entries of one window, racing reconciliation: 10 tickets, seqs 1..10, exact money, one SMS each', async () => {
    const target = await aPartnerPromotion(2);
    const payments = await Promise.all(Array.from({ length: 10 }, () => aPaymentAwaitingCallback(target)));
    for (const { entry } of payments) await waitForSimulatorStatus(entry.id, 'SUCCESSFUL');
    // half of them old enough for the reconciliation job to take up too
    for (const { entry } of payments.slice(0, 5)) await backdateEntry(entry.id, 61_000);

    const deliveries = shuffled(
      payments.flatMap(({ entry, callbackUrl }) => [0, 1, 2].map((i) => ({ entryId: entry.id, callbackUrl, i }))),
    );
    const [answers] = await Promise.all([
      Promise.all(
        deliveries.map(async ({ entryId, callbackUrl, i }) => {
          const response = await fetch(callbackUrl, {
            method: i === 1 ? 'POST' : 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'SUCCESSFUL' }),
          });
          return {
            entryId,
            status: response.status,
            outcome: ((await response.json()) as { outcome?: string }).outcome,
          };
        }),
      ),
      reconcilePayments(new Date()),
      reconcilePayments(new Date()),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // a callback answers at once: it confirmed its entry (one of the three did, unless reconciliation paid it first)
    expect(answers.every((a) => a.outcome === 'confirmed' || a.outcome === 'unchanged')).toBe(true);
    for (const { entry } of payments)
      expect(answers.filter((a) => a.entryId === entry.id && a.outcome === 'confirmed').length).toBeLessThanOrEqual(1);

    const entries = payments.map((p) => p.entry);
    await untilPaid(entries);
    const paid = await expectDenseWindow(target.assignmentId, entries);
    expect(await getAssignment(target.assignmentId)).toMatchObject({
      windowCount: 10,
      paidEntries: 10,
      windowValueLrdCents: 10 * PRICE_CENTS,
    });

    const p = periodsOf(new Date(paid[0]!.paidAt!));
    if (paid.every((e) => e.paidAt!.slice(0, 10) === p.day)) {
      const counters = await readCounters(
        (['D', 'W', 'M', 'Y'] as const).map((period) => ({
          owner: target.assignmentId,
          period,
          value: { D: p.day, W: p.week, M: p.month, Y: p.year }[period],
        })),
      );
      for (const counter of counters) expect(counter).toEqual(entriesOf(10));
    }

    await expectShares([target.partner], entries, 1_000);
    await expectShares(target.announcers, entries, 300);

    // the ticket SMS went out once per entry, from whoever settled it
    for (const entry of paid) {
      const texts = (await smsTo(entry.msisdn)).filter((sms) =>
        sms.text.includes(formatTicketNumber(entry.ticketNumber!)),
      );
      expect(texts).toHaveLength(1);
    }
  });

  it('36 concurrent settlements of 12 entries count each once in the assignment and the (sharded) platform totals', async () => {
    const target = await aPartnerPromotion(1);
    const entries = await Promise.all(
      Array.from({ length: 12 }, async () => aPendingEntry(target, await aPlayerNumber('silent'))),
    );
    // a year of its own: no other test's entries in these platform counters
    const now = new Date(`${2400 + randomInt(500)}-06-15T10:00:00.000Z`);
    const p = periodsOf(now);
    const results = await Promise.all(
      shuffled(entries.flatMap((entry) => [entry, entry, entry])).map((entry) => settlePaidEntry(entry.id, now)),
    );

    expect(results.every((r) => r.entry.status === 'paid')).toBe(true);
    for (const entry of entries)
      expect(results.filter((r) => r.entry.id === entry.id && r.outcome === 'settled').length).toBeLessThanOrEqual(1);
    await expectDenseWindow(target.assignmentId, entries);

    const platform = await readPlatformCounters([
      { period: 'D', value: p.day },
      { period: 'M', value: p.month },
      { period: 'Y', value: p.year },
    ]);
    for (const counter of platform) expect(counter).toEqual(entriesOf(12));
    const assignment = await readCounters(
      (['D', 'W', 'M', 'Y'] as const).map((period) => ({
        owner: target.assignmentId,
        period,
        value: { D: p.day, W: p.week, M: p.month, Y: p.year }[period],
      })),
    );
    for (const counter of assignment) expect(counter).toEqual(entriesOf(12));
    await expectShares([target.partner], entries, 1_000);
    await expectShares(target.announcers, entries, 600);
  });

  it('confirmations more than one transaction holds settle in several batches, in the order the payments were confirmed', async () => {
    // 3 announcers: 2 items per entry (entry, ticket), 8 for the 4 payees (balance, ledger line) and 11 for the batch
    // (its run of seq items, window, counters, its stakes' game-ledger item, its ticket SMS's item): MAX_BATCH binds
    const target = await aPartnerPromotion(3);
    // confirmed in the reverse of the order they were made: seqs follow the confirmations
    const entries = await entriesConfirmedInMemory(target, 50, (i) => 50 - i);
    const { requests, result } = await requestsDuring(() => settleConfirmedEntries(shuffled(entries), new Date()));
    expect(result.failed).toEqual([]);
    expect(result.paid.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id).sort());

    const byConfirmation = entries.toReversed();
    const paid = await expectDenseWindow(target.assignmentId, byConfirmation);
    // the window's seq items are one run per batch (DESIGN section 10: a batch writes one item, not one per entry);
    // the draw's pick above found each entry by its seq alone
    const runs = windowRunPartitionOf(target.assignmentId, paid[0]!.windowNo!, 1);
    expect(requests.flatMap(putsOf).filter((put) => put === runs)).toHaveLength(Math.ceil(50 / MAX_BATCH));
    // oldest confirmation first
    expect(paid.map((e) => e.seq)).toEqual(byConfirmation.map((_, i) => i + 1));
    // no batch takes more than MAX_BATCH (40): several did
    expect(await getAssignment(target.assignmentId)).toMatchObject({ windowCount: 50, paidEntries: 50 });
    const [partnerLines] = await expectShares([target.partner], entries, 1_000);
    const announcerLines = await expectShares(target.announcers, entries, 200);
    // one ledger line per payee per batch (DESIGN section 10), not one per entry: 2 batches of at most 40 each
    expect(partnerLines).toHaveLength(Math.ceil(50 / MAX_BATCH));
    const sameBatches = (lines: string[][]) => lines.map((refs) => refs.join()).sort();
    for (const lines of announcerLines) expect(sameBatches(lines)).toEqual(sameBatches(partnerLines!));
  });

  it('writes a batch whose seqs cross a run partition as two runs, and a draw still finds each seq in one read', async () => {
    const target = await aPartnerPromotion(0);
    // a window 1,015 entries in (its frontier is not kept for them: a window opened before frontiers were)
    await setAssignment(target.assignmentId, { windowCount: 1_015 });
    const entries = await entriesConfirmedInMemory(target, 20);
    const { requests } = await requestsDuring(() => settleConfirmedEntries(entries, new Date()));
    const paid = await Promise.all(entries.map(async (e) => (await getEntry(e.id))!));
    expect(paid.map((e) => e.seq).sort((a, b) => a! - b!)).toEqual(entries.map((_, i) => 1_016 + i));
    const windowNo = paid[0]!.windowNo!;
    // seqs 1016..1023 in the first run partition, 1024..1035 in the next: one run each
    const puts = requests.flatMap(putsOf);
    for (const seq of [1_016, 1_024])
      expect(puts.filter((put) => put === windowRunPartitionOf(target.assignmentId, windowNo, seq))).toHaveLength(1);
    for (const entry of paid)
      expect(await getWindowEntry(target.assignmentId, windowNo, entry.seq!)).toEqual({
        entryId: entry.id,
        ticketNumber: entry.ticketNumber,
        msisdn: entry.msisdn,
      });
    // no run holds the seqs before the batch or after it
    expect(await getWindowEntry(target.assignmentId, windowNo, 1_015)).toBeUndefined();
    expect(await getWindowEntry(target.assignmentId, windowNo, 1_036)).toBeUndefined();
    const listed = await listWindowEntries(target.assignmentId, windowNo, { fromSeq: 1_020, count: 10 });
    expect(listed.map((e) => e.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 1_020 + i));
    expect(listed.map((e) => e.entryId)).toEqual(
      [...paid]
        .sort((a, b) => a.seq! - b.seq!)
        .slice(4, 14)
        .map((e) => e.id),
    );
  });

  it('books no settlement of a window before an earlier one: sequence numbers follow payment times', async () => {
    const target = await aPartnerPromotion(0);
    const [first, second] = [
      await aPendingEntry(target, await aPlayerNumber('silent')),
      await aPendingEntry(target, await aPlayerNumber('silent')),
    ];
    const year = 2400 + randomInt(500);
    await settlePaidEntry(first.id, new Date(`${year}-03-01T10:00:00.000Z`));
    // a caller whose clock reads earlier (it waited its turn, or its Lambda's clock lags)
    await settlePaidEntry(second.id, new Date(`${year}-03-01T09:00:00.000Z`));
    const [a, b] = [(await getEntry(first.id))!, (await getEntry(second.id))!];
    expect([a.seq, b.seq]).toEqual([1, 2]);
    expect(Date.parse(b.paidAt!)).toBeGreaterThanOrEqual(Date.parse(a.paidAt!));
  });

  it('splits by the assignment’s terms when the entry settles, though they changed since the last settlement', async () => {
    const target = await aPartnerPromotion(0);
    const [first, second] = [
      await aPendingEntry(target, await aPlayerNumber('silent')),
      await aPendingEntry(target, await aPlayerNumber('silent')),
    ];
    await settlePaidEntry(first.id, new Date());
    const { user, client } = await fixtureSuperAdmin();
    const assignment = (await getAssignment(target.assignmentId))!;
    const changed = await client.call(
      routes.updatePartnerPromotion,
      { id: user.id },
      {
        id: target.assignmentId,
        partner: target.partner.SearchString,
        promotion: target.promotion.ID,
        partner_percentage: 20,
        announcer_percentage: 6,
        shared_code: assignment.sharedCode,
        server: 'lonestar',
        threshold: 100,
        starting_threshold: 50,
        winner_amount: '5000.00',
      },
    );
    expect(changed.status, changed.text).toBe(200);
    await settlePaidEntry(second.id, new Date());
    const shares = (await ledgerOf(target.partner.ID)).flatMap((line) => entrySharesOf(line));
    expect(shares.find((share) => share.ref === first.id)?.cents).toBe(1_000);
    expect(shares.find((share) => share.ref === second.id)?.cents).toBe(2_000);
    expect(await centsOf(target.partner.ID)).toBe(3_000);
    expect(await getAssignment(target.assignmentId)).toMatchObject({ windowCount: 2, paidEntries: 2 });
  });

  it('after a clear carries the window into the next, the next entries follow the carried ones there', async () => {
    const target = await aPartnerPromotion(0);
    const entries = await Promise.all(
      Array.from({ length: 4 }, async () => aPendingEntry(target, await aPlayerNumber('silent'))),
    );
    const year = 2400 + randomInt(500);
    const at = (time: string) => new Date(`${year}-05-05T${time}Z`);
    for (const [i, entry] of entries.slice(0, 2).entries()) await settlePaidEntry(entry.id, at(`10:0${i}:00`));
    // the starting threshold is 50: clear the window instead (it closes it the same way, without a winner)
    const { user } = await fixtureSuperAdmin();
    const partner = (await getPartner(target.partner.ID))!;
    const actor = { actorId: user.id, actorRole: 'admin', sourceIp: '127.0.0.1' } as const;
    expect(await clearPartnerDraws(partner, 'carry', actor, at('10:05:00'))).toEqual({ promotions: 1, tickets: 2 });
    // entries settling before the finish-clears job has moved the carried ones go after them (the window counts them)
    for (const [i, entry] of entries.slice(2).entries()) await settlePaidEntry(entry.id, at(`10:1${i}:00`));
    expect(await finishClearsOf([target.assignmentId])).toEqual(['done']);
    const paid = await Promise.all(entries.map(async (e) => (await getEntry(e.id))!));
    // DESIGN section 4 "Clear draw": the cleared entries keep their seqs in the next window
    expect(paid.map((e) => [e.windowNo, e.seq])).toEqual([
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
    ]);
    expect(await getWindowEntry(target.assignmentId, 2, 1)).toMatchObject({ entryId: entries[0]!.id });
    expect(await getWindowEntry(target.assignmentId, 2, 3)).toMatchObject({ entryId: entries[2]!.id });
    expect(await getAssignment(target.assignmentId)).toMatchObject({ windowNo: 2, windowCount: 4, paidEntries: 4 });
  });

  it('a refunding clear takes back each entry’s share from the one line its batch credited', async () => {
    const target = await aPartnerPromotion(1);
    const entries = await entriesConfirmedInMemory(target, 3);
    expect((await settleConfirmedEntries(entries, new Date())).paid).toHaveLength(3);
    // one batch: one line for the partner and one for the announcer, each listing the three entries
    const [partnerLines] = await expectShares([target.partner], entries, 1_000);
    expect(partnerLines).toHaveLength(1);
    const [announcerLines] = await expectShares(target.announcers, entries, 600);
    expect(announcerLines).toHaveLength(1);

    const { user } = await fixtureSuperAdmin();
    const partner = (await getPartner(target.partner.ID))!;
    const actor = { actorId: user.id, actorRole: 'admin', sourceIp: '127.0.0.1' } as const;
    expect(await clearPartnerDraws(partner, 'refund', actor, new Date())).toEqual({ promotions: 1, tickets: 3 });
    expect(await finishClearsOf([target.assignmentId])).toEqual(['done']);
    for (const [payee, cents] of [
      [target.partner, 1_000],
      [target.announcers[0]!, 600],
    ] as const) {
      const refunds = (await listLedger(payee.ID)).filter((line) => line.kind === 'entry-refund');
      expect(refunds.map((line) => line.ref).sort()).toEqual(entries.map((e) => e.id).sort());
      expect(refunds.every((line) => line.deltaCents === -cents)).toBe(true);
      expect(await centsOf(payee.ID)).toBe(0);
    }
  });

  it('a confirmed payment never fails: reconciliation settles one the stream never did, though the provider still says pending', async () => {
    const target = await aPartnerPromotion(0);
    const entry = await aPendingEntry(target, await aPlayerNumber('stuck'), undefined, new Date().toISOString());
    // confirmed once only
    expect(await confirmEntry(entry, new Date())).toBeUndefined();
    expect(await failEntry(entry.id, 'EXPIRED', new Date())).toBe(false);
    expect(await getEntry(entry.id)).toMatchObject({ status: 'pending', confirmedAt: entry.confirmedAt });

    // past the 15-minute expiry, and never asked of the provider (which has never heard of it)
    await backdateEntry(entry.id, 16 * 60_000);
    await reconcilePayments(new Date());
    expect(await getEntry(entry.id)).toMatchObject({ status: 'paid', seq: 1 });
    await expectShares([target.partner], [entry], 1_000);
    // paid, it is no longer marked open
    expect(await pendingEntriesBefore(new Date(Date.now() + 3_600_000), 100_000)).not.toContain(entry.id);
  });

  it('a mark left open after its entry was paid is read as closed, and reconciliation deletes it', async () => {
    const target = await aPartnerPromotion(0);
    const made = await aPendingEntry(target, await aPlayerNumber('silent'));
    // old enough for the reconciliation job
    await backdateEntry(made.id, 61_000);
    const entry = { ...(await getEntry(made.id))!, confirmedAt: new Date().toISOString() };
    expect((await settleConfirmedEntries([entry], new Date())).paid).toHaveLength(1);
    await leaveOpenMark(entry);
    expect(await pendingEntriesBefore(new Date(), 100_000)).toContain(entry.id);
    await reconcilePayments(new Date());
    expect(await pendingEntriesBefore(new Date(), 100_000)).not.toContain(entry.id);
    expect(await getEntry(entry.id)).toMatchObject({ status: 'paid', seq: 1 });
  });
});

/** Every DynamoDB request this process sends while `run` runs, as the local stack's request hook sees it. */
async function requestsDuring<T>(run: () => Promise<T>): Promise<{ requests: ObservedRequest[]; result: T }> {
  const requests: ObservedRequest[] = [];
  observeLocalRequests((request) => {
    requests.push(request);
  });
  try {
    const result = await run();
    return { requests, result };
  } finally {
    observeLocalRequests(undefined);
  }
}

/** The pk of every item a transaction Puts. */
const putsOf = ({ operation, input }: ObservedRequest): unknown[] =>
  operation === 'TransactWriteItems'
    ? (input.TransactItems as Array<{ Put?: { Item: { pk?: unknown } } }>).flatMap((item) =>
        item.Put ? [item.Put.Item.pk] : [],
      )
    : [];

/** A callback as MoMo sends one (its body is ignored: the status query decides). */
const callbackRequest = {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ status: 'SUCCESSFUL' }),
};

describe('settlement from the stream (DESIGN section 10: nobody waits for a settler)', () => {
  it('a callback confirms its entry and answers; the stack’s stream consumer settles it from the stream record', async () => {
    const target = await aPartnerPromotion(0);
    const { entry, callbackUrl } = await aPaymentAwaitingCallback(target);
    await waitForSimulatorStatus(entry.id, 'SUCCESSFUL');
    const response = await fetch(callbackUrl, callbackRequest);
    expect(await response.json()).toEqual({ received: true, outcome: 'confirmed' });
    await untilPaid([entry]);
    expect(await getEntry(entry.id)).toMatchObject({ status: 'paid', seq: 1, confirmedAt: expect.any(String) });
    // a callback for it again: nothing more to do
    const again = await fetch(callbackUrl, callbackRequest);
    expect(await again.json()).toEqual({ received: true, outcome: 'unchanged' });
  });

  it('a batch of records settles each assignment’s entries together; handed over again, it settles nothing twice', async () => {
    const [one, other] = [await aPartnerPromotion(0), await aPartnerPromotion(1)];
    const entries = [...(await entriesConfirmedInMemory(one, 5)), ...(await entriesConfirmedInMemory(other, 3))];
    const event = {
      Records: entries.map((entry, i) => entryConfirmationRecord(entry, entry.confirmedAt!, String(100 + i))),
    };
    const { requests, result } = await requestsDuring(() => streamConsumer(event));
    expect(result).toEqual({ batchItemFailures: [] });
    // one transaction per assignment
    expect(requests.filter((r) => r.operation === 'TransactWriteItems')).toHaveLength(2);
    await expectDenseWindow(one.assignmentId, entries.slice(0, 5));
    await expectDenseWindow(other.assignmentId, entries.slice(5));

    // Lambda hands a batch over again after a timeout: each entry's transaction refuses it, as paid already
    expect(await streamConsumer(event)).toEqual({ batchItemFailures: [] });
    expect(await getAssignment(one.assignmentId)).toMatchObject({ windowCount: 5, paidEntries: 5 });
    await expectShares([other.partner], entries.slice(5), 1_000);
    for (const entry of entries) {
      const paid = (await getEntry(entry.id))!;
      const texts = (await smsTo(entry.msisdn)).filter((sms) =>
        sms.text.includes(formatTicketNumber(paid.ticketNumber!)),
      );
      expect(texts).toHaveLength(1);
    }
  });

  it('reports the records of an assignment it could not settle, and settles the others of the batch', async () => {
    const target = await aPartnerPromotion(0);
    const [good] = await entriesConfirmedInMemory(target, 1);
    // an entry naming an assignment that is gone: its settling throws
    const { confirmedAt, ...unconfirmed } = good!;
    const orphan = {
      ...unconfirmed,
      id: randomUUID(),
      assignmentId: randomUUID(),
      msisdn: await aPlayerNumber('silent'),
    };
    await putPendingEntry(orphan);
    const event = {
      Records: [
        entryConfirmationRecord(orphan, confirmedAt!, '7'),
        entryConfirmationRecord(good!, good!.confirmedAt!, '8'),
      ],
    };
    // Lambda hands the batch over again from the first failed record
    expect(await streamConsumer(event)).toEqual({ batchItemFailures: [{ itemIdentifier: '7' }] });
    expect(await getEntry(good!.id)).toMatchObject({ status: 'paid', seq: 1 });
    expect(await getEntry(orphan.id)).toMatchObject({ status: 'pending' });
    expect(await failEntry(orphan.id, 'EXPIRED', new Date())).toBe(true);
  });
});

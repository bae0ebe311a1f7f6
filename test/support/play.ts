import { expect } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import { momoSimulatorUrl, orangeSimulatorUrl } from './stack-target';
import { routes } from '@shared/api/routes';
import type { entryStatusResponse } from '@shared/api/schemas/play';
import type * as z from 'zod';
import { orderIdOf } from '../../functions/integrations/orange/orange-wire';
import { finishQueuedClear, listQueuedClears } from '../../functions/modules/draws';
import { type Entry, putPendingEntry, reconcileEntry } from '../../functions/modules/entries';
import { addEntryToDay } from '../../functions/modules/players';
import { ApiClient, type ApiResponse } from './api';
import { aPromotion, aSharedCode } from './catalog';
import { clearPaymentRequests } from './stored-state';

/** Simulator test numbers (README "Local default secrets"): the last six digits decide the outcome. */
export const outcomes = {
  approve: '000100',
  decline: '000101',
  expire: '000102',
  silent: '000103',
  twice: '000104',
  stuck: '000105',
  /** the request to pay is answered only after 10 s (past the adapter's timeout); approved after ~1 s */
  slow: '000106',
  /** the first request to pay under a reference is answered 503 (MTN), a resend goes through */
  flaky: '000107',
  /** no mobile-money wallet: Orange refuses the prompt outright (417), MTN fails it PAYER_NOT_FOUND */
  unregistered: '000108',
} as const;

/**
 * A Lonestar (or Orange) number with the given simulated outcome:
 * 231 + network prefix + one random digit + the outcome's six digits, so
 * parallel tests share ten numbers per outcome and network. Sharing would
 * make the per-number prompt limit (3 per 10 minutes, DESIGN section 7)
 * refuse a later test's entry, so the number's count is cleared first:
 * tests of that limit use `aUniquePlayerNumber` (test/integration/prompt-limits.test.ts).
 */
export async function aPlayerNumber(
  outcome: keyof typeof outcomes = 'approve',
  network: 'lonestar' | 'orange' = 'lonestar',
): Promise<string> {
  const prefix = network === 'orange' ? '77' : randomInt(2) === 0 ? '88' : '55';
  const msisdn = `231${prefix}${randomInt(10)}${outcomes[outcome]}`;
  await clearPaymentRequests(msisdn);
  return msisdn;
}

/** An approving number no other test uses (any six trailing digits other than the test patterns approve). */
export function aUniquePlayerNumber(network: 'lonestar' | 'orange' = 'lonestar'): string {
  return `231${network === 'lonestar' ? '88' : '77'}${String(randomInt(1_000_000, 9_999_999))}`;
}

/** Distinct client addresses keep per-address limits of parallel tests apart (trusted on the local stack). */
export const aClientAddress = () =>
  `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}:${randomInt(1024, 65535)}`;

export type EntryState = z.infer<typeof entryStatusResponse>;

/**
 * What every status answer tells beside its status, for the entry page's
 * approve hint and countdown: the amount, and the number only masked (first
 * four and last two digits).
 */
export const shownDetails = (amount: string, currency: 'LRD' | 'USD' = 'LRD') => ({
  expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  amount,
  currency,
  masked_mobile_number: expect.stringMatching(/^231\d\*{6}\d{2}$/),
});

/**
 * Poll the entry's public status until it leaves `pending` (or the deadline
 * passes). The clock starts at the entry's answer, before its payment prompt
 * goes out from the stream (DESIGN section 8), hence the room: on a loaded
 * 2-core machine the prompt, the simulator's approval and the settlement can
 * take tens of seconds, and a long deadline costs time only when it fails.
 * Test stacks run no scheduler, so an entry still pending after
 * `RECONCILE_AFTER_MS` is reconciled as the every-minute job would (only this
 * entry): a callback whose settlement a busy draw window deferred, or one that
 * never came, is settled there in production too.
 */
export async function settledState(entryId: string, timeoutMs = 45_000): Promise<EntryState> {
  const client = new ApiClient();
  const started = Date.now();
  const deadline = started + timeoutMs;
  let reconcileAt = started + RECONCILE_AFTER_MS;
  for (;;) {
    const response = await client.call<EntryState>(routes.entryStatus, { entry_id: entryId });
    if (response.body.status !== 'pending' || Date.now() > deadline) return response.body;
    if (Date.now() > reconcileAt) {
      reconcileAt = Date.now() + RECONCILE_AFTER_MS;
      await reconcileEntry(entryId, new Date());
      continue;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How long `settledState` leaves a pending entry to its callback before reconciling it (the job's own wait is 60 s). */
const RECONCILE_AFTER_MS = 12_000;

/** Enter a house game from the web as a player would. */
export function enterHouseGame(game: 'daily' | 'jackpot', mobile: string, amount: string): Promise<ApiResponse> {
  return new ApiClient().call(
    game === 'daily' ? routes.dailyDrawEntry : routes.jackpotEntry,
    {},
    { mobile_number: mobile, amount },
  );
}

/** What the simulator holds for a payment (local-only control surface). */
export async function simulatorTransaction(
  referenceId: string,
): Promise<{ status: string; callbackUrl?: string; posts?: number }> {
  const response = await fetch(`${momoSimulatorUrl()}/__sim/collection/${referenceId}`);
  return (await response.json()) as { status: string; callbackUrl?: string; posts?: number };
}

/** What the Orange simulator was asked to pay under one of our references (its orderId): none, or the one pay. */
export async function orangeSimulatorTransactions(
  referenceId: string,
): Promise<Array<{ status: string; payToken: string; request: { notifUrl: string } }>> {
  const response = await fetch(`${orangeSimulatorUrl()}/__sim/orders/${orderIdOf(referenceId)}`);
  return (
    (await response.json()) as {
      transactions: Array<{ status: string; payToken: string; request: { notifUrl: string } }>;
    }
  ).transactions;
}

/** Whether the MTN simulator holds a transaction under this reference (it must not, for an Orange number). */
export async function heldByMtnSimulator(
  product: 'collection' | 'disbursement',
  referenceId: string,
): Promise<boolean> {
  return (await fetch(`${momoSimulatorUrl()}/__sim/${product}/${referenceId}`)).status === 200;
}

export async function waitForSimulatorStatus(referenceId: string, status: string, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = await simulatorTransaction(referenceId);
    if (held.status === status) return held;
    if (Date.now() > deadline)
      throw new Error(`simulator never reached ${status} for ${referenceId}: ${JSON.stringify(held)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SMS the local outbox holds for a number. */
export async function smsTo(msisdn: string): Promise<Array<{ to: string; text: string }>> {
  const response = await new ApiClient().request('GET', `/api/v1/dev/sms?to=${msisdn}`);
  return response.body.messages;
}

// ── draws ──────────────────────────────────────────────────────────

/** A paid entry of a promotion, entered by its shared code from the web and paid through the simulator. */
export async function aPaidEntryByCode(sharedCode: string, mobile: string = aUniquePlayerNumber()) {
  const response = await new ApiClient().call(
    routes.codeEntry,
    {},
    { mobile_number: mobile, shared_code: sharedCode, currency: 'LRD' },
  );
  if (response.status !== 202) throw new Error(`entry refused: ${response.status} ${response.text}`);
  const state = await settledState(response.body.entry_id);
  if (state.status !== 'paid') throw new Error(`entry not paid: ${JSON.stringify(state)}`);
  return { entryId: response.body.entry_id as string, ticket: state.ticket_number!, msisdn: mobile };
}

/** `count` paid entries of a promotion, each from its own number (entered together). */
export function paidEntriesByCode(sharedCode: string, count: number) {
  return Promise.all(Array.from({ length: count }, () => aPaidEntryByCode(sharedCode)));
}

/**
 * A partner promotion to draw, built through the API: a promotion
 * (at 100.00 LRD unless `promotionFields` say otherwise) assigned to
 * `partner` on the Lonestar gateway with these thresholds and prize.
 */
export async function aPromotionToDraw(
  admin: ApiClient,
  adminId: string,
  partner: { SearchString: string },
  terms: {
    threshold?: number;
    starting_threshold?: number;
    winner_amount?: string;
    announcer_percentage?: number;
    server?: 'lonestar' | 'orange';
  } = {},
  promotionFields: Record<string, unknown> = {},
) {
  const promotion = await aPromotion(admin, adminId, promotionFields);
  const sharedCode = aSharedCode();
  const response = await admin.call(
    routes.assignPartnerPromotion,
    { id: adminId },
    {
      partner: partner.SearchString,
      promotion: promotion.ID,
      partner_percentage: 10,
      announcer_percentage: 5,
      shared_code: sharedCode,
      server: 'lonestar',
      threshold: 3,
      starting_threshold: 2,
      winner_amount: '5000.00',
      ...terms,
    },
  );
  if (response.status !== 201) throw new Error(`assignment: ${response.status} ${response.text}`);
  return { promotion, sharedCode, assignmentId: response.body.Assignment.ID as string };
}

/**
 * One run of the finish-clears job (functions/modules/draws/finish-clears.ts) over these promotions' queued clears only,
 * so that other test files' clears stay theirs to finish: the outcome of each, oldest first.
 */
export async function finishClearsOf(assignmentIds: readonly string[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (const clear of await queuedClearsOf(assignmentIds))
    outcomes.push((await finishQueuedClear(clear, new Date())).outcome);
  return outcomes;
}

/** The clears of these promotions still queued for the finish-clears job. */
export async function queuedClearsOf(assignmentIds: readonly string[]) {
  return (await listQueuedClears(10_000)).filter((clear) => assignmentIds.includes(clear.assignmentId));
}

/**
 * A daily entry of `phone` stored as the entry path stores it (its stake added to the number's day, then the entry),
 * pending, with no payment behind it: 100.00 LRD unless `entry` says otherwise; `lrdCents`, its stake's LRD value.
 */
export async function aStoredPendingDaily(
  phone: string,
  entry: Partial<Entry> = {},
  lrdCents = entry.amountCents ?? 10_000,
): Promise<Entry> {
  const stored: Entry = {
    id: randomUUID(),
    assignmentId: 'house-daily',
    promotionId: 'daily',
    partnerId: 'house',
    game: 'daily',
    msisdn: phone,
    currency: 'LRD',
    amountCents: 10_000,
    rateMilli: 190_000,
    channel: 'web',
    status: 'pending',
    callbackSecretHash: 'x',
    createdAt: new Date().toISOString(),
    ...entry,
  };
  await addEntryToDay(stored, lrdCents, undefined, 0);
  await putPendingEntry(stored);
  return stored;
}

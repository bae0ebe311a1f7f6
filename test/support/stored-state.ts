import { randomUUID } from 'node:crypto';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { SHARDS } from '@shared/capacity';
import { type DrawRecord, drawRecordPut } from '../../functions/modules/draw-records';
import { type Entry, recentEntriesOf } from '../../functions/modules/entries';
import { PROMPT_SLOTS } from '../../functions/modules/players/store/player-days';
import { pendingMark } from '../../functions/modules/entries/store/pending-marks';
import { reserveTicketNumbers } from '../../functions/modules/entries/store/tickets';
import { type GameLedgerLine, gameLedgerPut } from '../../functions/modules/ledger';
import { type BalanceChange, balanceChange } from '../../functions/modules/payouts';
import { newStaffUserWrites, type StaffUser } from '../../functions/modules/staff';
import { db, tableName, type TransactItem } from '../../functions/platform/dynamo';
import { keys } from '../../functions/platform/store/keys';
import {
  type RateRule,
  rateCountName,
  rateWindowKey,
  TICKET_CHECKS,
  takeRateSlot,
} from '../../functions/platform/store/rate-limits';

/**
 * States the API cannot reach — the passing of time (an old entry, a stuck
 * payout, an idle session), a stored item edited behind the product's back,
 * a stream record delivered again — built in this one place, on the product's
 * own key layout (platform/store/keys.ts) and item builders. Tests stage them
 * through these named helpers, never with raw reads and writes of their own
 * (rule tests-through-the-api in .dependency-cruiser.cjs exempts only this file).
 */

export { TICKET_CHECKS };

type Key = { pk: string; sk: string };

/** Set (or, for `undefined`, remove) some attributes of one stored item. */
async function setFields(key: Key, values: Record<string, unknown>): Promise<void> {
  const names = Object.keys(values);
  const set = names.filter((n) => values[n] !== undefined);
  const remove = names.filter((n) => values[n] === undefined);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: [
        set.length ? `SET ${set.map((n) => `#${n} = :${n}`).join(', ')}` : '',
        remove.length ? `REMOVE ${remove.map((n) => `#${n}`).join(', ')}` : '',
      ].join(' '),
      ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
      ...(set.length ? { ExpressionAttributeValues: Object.fromEntries(set.map((n) => [`:${n}`, values[n]])) } : {}),
    }),
  );
}

// ── entries ────────────────────────────────────────────────────────

/** The passing of time on a number's live My tickets code: it has just expired. */
export const expireAccessCode = (msisdn: string) =>
  setFields(keys.playerAccessCode(msisdn), { expiresAtMs: Date.now() - 1_000 });

/**
 * The passing of time on a number's own daily limit: the raise it asked for (and the ask itself) `ms`
 * earlier, so the limit is read as it will be once that time has passed — without a faked clock.
 */
export async function backdateLimitRaise(msisdn: string, ms: number): Promise<void> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.playerLimit(msisdn) }));
  if (!Item?.raiseFrom) throw new Error(`no raise waiting for ${msisdn}`);
  const earlier = (iso: unknown) => new Date(Date.parse(iso as string) - ms).toISOString();
  await setFields(keys.playerLimit(msisdn), { raiseFrom: earlier(Item.raiseFrom), setAt: earlier(Item.setAt) });
}

/** Stand-in for a draw's result or the passing of time on one entry (e.g. `wonAt`, `paidAt`; `undefined` removes). */
export const setEntry = (entryId: string, values: Record<string, unknown>) => setFields(keys.entry(entryId), values);

/**
 * A web entry stored paid, as no flow leaves one (no promotion, no stake): its
 * stream record (an INSERT) moves no entry topic, and nothing will ever move
 * it, so its topic hears only what a subscription sends. Returns its id.
 */
export async function aSettledEntryNobodyMoves(): Promise<string> {
  const id = randomUUID();
  await setEntry(id, {
    entity: 'entry',
    id,
    channel: 'web',
    status: 'paid',
    msisdn: '231770000000',
    amountCents: 5000,
    currency: 'LRD',
    ticketNumber: '10000000000000',
    createdAt: new Date().toISOString(),
  });
  return id;
}

/**
 * A settler's reservation of ticket numbers for these entries, drawing
 * `numbers` in order where the product draws at random (a collision on
 * demand); a reservation no entry then takes stands for a settler stopped
 * before its transaction. The numbers reserved, by entry id.
 */
export function reserveTicketNumbersDrawing(
  entryIds: readonly string[],
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const next = [...numbers];
  return reserveTicketNumbers(entryIds, () => {
    const number = next.shift();
    if (!number) throw new Error('no number left to draw');
    return number;
  });
}

/** The partition of the run of a draw window's seq items that holds `seq` (keys.ts RUN_SEQS): a test counts its writes. */
export const windowRunPartitionOf = (assignmentId: string, windowNo: number, seq: number): string =>
  keys.windowRunPartition(assignmentId, windowNo, seq);

/**
 * Make one entry look `ageMs` old (its creation time and its place in the
 * pending-payments index), so reconciliation at the real time treats it as
 * it would a payment requested that long ago — without moving every other
 * test's entries along with a faked clock. Its prompt's sends, if any, go
 * back with it (as sent when it was created), so a resend is as due as it
 * would be at that age.
 */
export async function backdateEntry(entryId: string, ageMs: number): Promise<void> {
  const createdAt = new Date(Date.now() - ageMs).toISOString();
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entry(entryId) }));
  const sends = ['promptSentAt', 'promptResentAt'].filter((name) => Item?.[name] !== undefined);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entry(entryId),
      UpdateExpression: `SET ${['createdAt = :at', ...sends.map((name) => `${name} = :at`)].join(', ')}`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': createdAt, ':pending': 'pending' },
    }),
  );
  // its open payment's mark moves with it (modules/entries/store/pending-marks.ts)
  await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.pendingPayment(entryId, Item!.createdAt as string) }),
  );
  await db().send(new PutCommand({ TableName: tableName(), Item: pendingMark({ id: entryId, createdAt }) }));
}

/** The mark of an entry's open payment put back, as a settler that stopped before deleting it leaves it. */
export const leaveOpenMark = (entry: { id: string; createdAt: string }) =>
  db().send(new PutCommand({ TableName: tableName(), Item: pendingMark(entry) }));

/** The newest pending entry of a number (entries a USSD session made), waiting up to `waitMs` for it. */
export async function latestPendingEntryOf(phone: string, waitMs = 5000): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    // the number's day lists its entries, newest first
    const pending = (await recentEntriesOf(phone, 10)).find((entry) => entry.status === 'pending');
    if (pending) return pending.id;
    if (Date.now() > deadline) throw new Error(`no pending entry for ${phone}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The stream INSERT record of an entry as stored, as Lambda hands it over (a redelivery). */
export async function entryInsertRecord(entryId: string): Promise<DynamoDBRecord> {
  const item = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.entry(entryId) }))).Item!;
  return {
    eventID: `test-${String(item.id)}`,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      NewImage: marshall(item, { removeUndefinedValues: true }) as never,
      SequenceNumber: '1',
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

/**
 * The stream MODIFY record of a pending entry's confirmation at `confirmedAt`,
 * as Lambda hands it to the stream consumer (functions/lambdas/stream.ts), with
 * the shard's `sequence` number; the entry itself is left as stored.
 */
export function entryConfirmationRecord(entry: Entry, confirmedAt: string, sequence: string): DynamoDBRecord {
  const { confirmedAt: _, ...unconfirmed } = entry;
  const item = { ...keys.entry(entry.id), entity: 'entry', ...unconfirmed };
  return {
    eventID: `test-${sequence}`,
    eventName: 'MODIFY',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall(keys.entry(entry.id)) as never,
      OldImage: marshall(item, { removeUndefinedValues: true }) as never,
      NewImage: marshall({ ...item, confirmedAt }, { removeUndefinedValues: true }) as never,
      SequenceNumber: sequence,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

// ── assignments and their windows ──────────────────────────────────

/** Stand-in for what the API cannot set on an assignment (e.g. `kind: 'house'`, an old window; `undefined` removes). */
export const setAssignment = (assignmentId: string, values: Record<string, unknown>) =>
  setFields(keys.assignment(assignmentId), values);

/** Stand-in for entries counted on an assignment's GMT day (`D` counter). */
export const setDayCounter = (assignmentId: string, day: string, values: Record<string, unknown>) =>
  setFields(keys.counter(assignmentId, 'D', day), values);

/** Forget a window's seed commitment (as an assignment stored before draw windows existed). */
export async function forgetWindowSeed(assignmentId: string, windowNo: number): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.windowSeed(assignmentId, windowNo) }));
}

/**
 * A bare assignment item of a partner's promotion, in the shape keys.ts gives
 * it (the partner index's keys only). Returns its removal.
 */
export async function aBareAssignment(partnerId: string, promotionId: string): Promise<() => Promise<void>> {
  const assignmentId = randomUUID();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.assignment(assignmentId),
        gsi3pk: keys.assignmentsIndex.of(partnerId),
        gsi3sk: keys.assignmentPartnerSort(partnerId, promotionId),
        entity: 'assignment-fixture',
        id: assignmentId,
        partnerId,
        promotionId,
      },
    }),
  );
  return async () => {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.assignment(assignmentId) }));
  };
}

// ── staff ──────────────────────────────────────────────────────────

/** Move a session's clock (e.g. `lastSeenAt`, `createdAt` in ms) by its session key (staff `sessionKeyOf`). */
export const setSession = (sessionKey: string, times: { createdAt?: number; lastSeenAt?: number }) =>
  setFields(keys.session(sessionKey), times);

/** Change a staff user's stored field behind the API (an edit whose only effect is a change record). */
export const setStaffUser = (userId: string, values: Record<string, unknown>) => setFields(keys.user(userId), values);

/** A staff user's items as the store builds them (a labelled write pairs its item with what a failed condition means). */
const staffUserItems = (user: StaffUser): TransactItem[] =>
  newStaffUserWrites(user).map((write) => (Array.isArray(write) ? write[0] : write) as TransactItem);

/** A staff user written as the store writes it (its own item builder), in one transaction. */
export async function storeStaffUser(user: StaffUser): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: staffUserItems(user) }));
}

/** Many staff users' own items, as the store builds them, 25 to a batch over `lanes` parallel lanes. */
export async function storeStaffUsersInBatches(users: readonly StaffUser[], lanes = 8): Promise<void> {
  const items = users.map((user) => staffUserItems(user)[0]!.Put!.Item as Record<string, unknown>);
  await Promise.all(
    Array.from({ length: lanes }, (_, lane) =>
      batchWrite(items.filter((_, i) => i % lanes === lane).map((Item) => ({ PutRequest: { Item } }))),
    ),
  );
}

async function batchWrite(requests: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let unprocessed: Record<string, unknown>[] | undefined = requests.slice(i, i + 25);
    while (unprocessed && unprocessed.length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: unprocessed as never } }));
      unprocessed = result.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
    }
  }
}

// ── balances, payouts, draws ───────────────────────────────────────

/** A balance change with its ledger line, written as settlement writes it (payouts `balanceChange`). */
export async function storeBalanceChange(change: BalanceChange): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: balanceChange(change, new Date()) }));
}

/**
 * Make one payout look `ageMs` old in the in-flight index, so reconciliation
 * at the real time treats it as a transfer sent that long ago — without a
 * faked clock moving every other test's payouts along.
 */
export async function backdatePayout(id: string, ageMs: number): Promise<void> {
  const createdAt = new Date(Date.now() - ageMs).toISOString();
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.payout(id),
      UpdateExpression: 'SET createdAt = :at, gsi2sk = :sort',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': createdAt, ':sort': `${createdAt}#${id}`, ':pending': 'pending' },
    }),
  );
}

/** A draw record written as a draw writes it (draw-records `drawRecordPut`). */
export async function storeDrawRecord(record: DrawRecord): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: [drawRecordPut(record)] }));
}

/** A replay of a draw record's stream INSERT, as stored. */
export async function drawInsertEvent(drawId: string): Promise<DynamoDBStreamEvent> {
  const item = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.draw(drawId) }))).Item!;
  return {
    Records: [
      {
        eventName: 'INSERT',
        dynamodb: {
          Keys: marshall(keys.draw(drawId)) as never,
          NewImage: marshall(item, { removeUndefinedValues: true }) as never,
          SequenceNumber: '1',
        },
      },
    ],
  };
}

// ── reports: tampering past IAM, straight into the table ───────────

/** Someone edits a sealed day's record (its first total's stakes). */
export async function editSealedStakes(day: string, stakesCents: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.sealedReport(day),
      UpdateExpression: 'SET #report.#totals[0].stakesCents = :more',
      ExpressionAttributeNames: { '#report': 'report', '#totals': 'totals' },
      ExpressionAttributeValues: { ':more': stakesCents },
    }),
  );
}

/** A game ledger line slipped into the table, past the product's writes. */
export async function slipIntoGameLedger(line: GameLedgerLine): Promise<void> {
  await db().send(new PutCommand(gameLedgerPut(line).Put!));
}

/** The items of a GMT day's stake partitions as stored (a batch's stakes in one item, a lone stake in its own). */
export async function storedStakeItemsOf(day: string): Promise<Array<Record<string, unknown>>> {
  const parts = Array.from({ length: SHARDS.gameLedgerStakes }, (_, n) => keys.gameLedgerPartition(day, `s${n}`));
  const queried = await Promise.all(
    parts.map((pk) =>
      db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
        }),
      ),
    ),
  );
  return queried.flatMap((answer) => answer.Items ?? []);
}

/**
 * `line` as a stake stored alone (a late payment's, and every stake's before a batch's shared one item), its
 * ref redrawn until its item falls in partition `pk` and `accept`s it.
 */
export function aLoneStakeIn(pk: string, line: GameLedgerLine, accept: (ref: string) => boolean): GameLedgerLine {
  for (let tries = 0; tries < 10_000; tries += 1) {
    const lone = { ...line, ref: randomUUID() };
    if (gameLedgerPut(lone).Put!.Item!.pk === pk && accept(lone.ref)) return lone;
  }
  throw new Error(`no stake of ${line.at} falls in ${pk}`);
}

// ── rate limits ────────────────────────────────────────────────────

/** Forget a number's payment prompts (the per-number prompt limit, DESIGN section 7), kept on its days. */
export async function clearPaymentRequests(msisdn: string): Promise<void> {
  const days = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :days)',
      ExpressionAttributeValues: { ':pk': keys.player(msisdn), ':days': keys.playerDaysPrefix },
      ProjectionExpression: 'pk, sk',
    }),
  );
  await Promise.all(
    (days.Items ?? []).map((day) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: day.pk, sk: day.sk },
          UpdateExpression: `REMOVE ${PROMPT_SLOTS.join(', ')}`,
        }),
      ),
    ),
  );
}

/** Count `uses` of a rate limit's key as taken now (as if that many requests had passed): one taken, the rest added to its tenth. */
export async function useUpRate(rule: RateRule, key: string, uses: number): Promise<void> {
  const slot = await takeRateSlot(rule, key, new Date());
  if (!slot) throw new Error(`${rule.scope} for ${key} is used up already`);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rateWindowKey(rule, key),
      UpdateExpression: 'ADD #count :more, #total :more',
      ExpressionAttributeNames: { '#count': rateCountName(slot.buckets[0]!), '#total': 'total' },
      ExpressionAttributeValues: { ':more': uses - 1 },
    }),
  );
}

// ── sockets ────────────────────────────────────────────────────────

/** A socket's record as stored (its index keys and TTL, which no API shows). */
export async function storedConnection(connectionId: string): Promise<Record<string, unknown> | undefined> {
  const found = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.connection(connectionId), ConsistentRead: true }),
  );
  return found.Item;
}

// ── SMS ────────────────────────────────────────────────────────────

/** A transaction's writes committed by a sender that then stopped (an SMS batch owed in it, never attempted). */
export async function commitThenStop(writes: readonly TransactItem[]): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: [...writes] }));
}

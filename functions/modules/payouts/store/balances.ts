import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { batchGetAll, db, keyId, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { queryShards } from '../../../platform/store/sharded-query';
import { getPromotions } from '../../catalog';

/**
 * Partner and announcer balances, per promotion, in LRD cents (DESIGN
 * section 4), and the ledger that explains them. A balance never changes
 * without a ledger line in the same transaction: use `balanceChange`, which
 * returns both writes, and put them in the caller's TransactWriteItems.
 *
 *   USER#<userId> / BALANCE#<promotionId>        {amountCents, promotionTitle}, indexed by owner role (keys.balancesOfRole)
 *   LEDGER#<userId> / <iso time>#<uuid>          {deltaCents, promotionId, kind, ref, ...}
 *
 * Money is keyed by the promotion's id, never its title (DESIGN section 7):
 * the stored title is only a fallback for display, the current one is read
 * from the promotion. Ledger lines have a partition of their own so that IAM
 * can deny updating or deleting them by partition key (dynamodb:LeadingKeys).
 */
type LedgerKind =
  /** A paid entry's partner or announcer share. */
  | 'entry-share'
  /** A payout started: the amount is held (debited) at once. */
  | 'payout-hold'
  /** A failed payout: the held amount comes back. */
  | 'payout-restore'
  /** A refunded entry's share taken back (a cleared draw's refund; DESIGN section 4 "Clear draw"). */
  | 'entry-refund'
  /** A held prize whose claim deadline passed, moved to the unclaimed-prizes balance (ref: the draw). */
  | 'unclaimed-prize';

export interface BalanceChange {
  userId: string;
  /** Whose balance: lets live topics tell partner from announcer changes without a read; house: the platform's own (unclaimed prizes). */
  ownerRole: 'partner' | 'announcer' | 'house';
  promotionId: string;
  promotionTitle: string;
  /** Positive credits, negative debits; whole LRD cents. */
  deltaCents: number;
  kind: LedgerKind;
  /** What caused it: an entry id, a payout id. */
  ref: string;
  /** For a USD entry: the USD→LRD rate used (LRD per USD × 1000) and the original USD cents. */
  rateMilli?: number;
  originalUsdCents?: number;
  /** An entry-refund line: the part of the share the balance no longer held (paid out already), borne by the house. */
  houseBoreCents?: number;
  /**
   * An entry-share line of a settlement batch: the share of each entry it covers (their cents sum to
   * deltaCents; `ref` is the first's id). One line per payee per batch, not per entry: a payee's ledger is
   * one partition, written by every batch (DESIGN section 10). Lines written before carry one entry, `ref`.
   */
  entries?: EntryShare[];
}

/** One entry's share in an entry-share line; for a USD entry, the rate and original USD cents it was credited at. */
export interface EntryShare {
  ref: string;
  cents: number;
  rateMilli?: number;
  originalUsdCents?: number;
}

/** The entries an entry-share line credited (a settlement batch's line lists them), each with its share. */
export function entrySharesOf(line: BalanceChange): EntryShare[] {
  return line.entries ?? [];
}

export interface Balance {
  promotionId: string;
  promotionTitle: string;
  amountCents: number;
}

export interface LedgerLine extends BalanceChange {
  id: string;
  at: string;
}

/** A balance item's key (platform/store/keys.ts). */
const balanceKey = keys.balance;

/** The partition of a user's ledger lines, the one definition (IAM's LeadingKeys condition names its prefix). */
const LEDGER_PARTITION_PREFIX = 'LEDGER#';
export const ledgerPartition = (userId: string) => `${LEDGER_PARTITION_PREFIX}${userId}`;
const ledgerLineKey = (userId: string, at: string, id: string) => ({
  pk: ledgerPartition(userId),
  sk: `${at}#${id}`,
});

/** The two writes of one balance change: the balance update and its ledger line. */
export function balanceChange(change: BalanceChange, now: Date): TransactItem[] {
  return balanceChanges([change], now);
}

/**
 * The writes of several balance changes in one transaction (settling a
 * batch of entries: one change per payee, listing its entries; refunding
 * one): ONE update per balance, adding the changes' sum, and one ledger
 * line per change — so each balance still moves by exactly the ledger lines
 * written with it.
 */
export function balanceChanges(changes: readonly BalanceChange[], now: Date): TransactItem[] {
  for (const change of changes) {
    // a refund's line may move nothing: the share was paid out already and the house bears it all (houseBoreCents)
    const noteOnly = change.kind === 'entry-refund' && change.deltaCents === 0 && (change.houseBoreCents ?? 0) > 0;
    if (!Number.isSafeInteger(change.deltaCents) || (change.deltaCents === 0 && !noteOnly)) {
      throw new Error(`a balance change must be a non-zero whole number of cents: ${change.deltaCents}`);
    }
    // a line's entries account for every cent it moves
    if (change.entries && change.entries.reduce((sum, e) => sum + e.cents, 0) !== change.deltaCents) {
      throw new Error(`a balance change's entries must sum to its ${change.deltaCents} cents`);
    }
  }
  const at = now.toISOString();
  const byBalance = new Map<string, BalanceChange[]>();
  for (const change of changes.filter((c) => c.deltaCents !== 0)) {
    const key = `${change.userId}|${change.promotionId}`;
    byBalance.set(key, [...(byBalance.get(key) ?? []), change]);
  }
  const updates: TransactItem[] = [...byBalance.values()].map((group) => {
    const first = group[0]!;
    const deltaCents = group.reduce((sum, change) => sum + change.deltaCents, 0);
    const debit = deltaCents < 0;
    return {
      Update: {
        TableName: tableName(),
        Key: balanceKey(first.userId, first.promotionId),
        UpdateExpression:
          'SET entity = :entity, userId = :user, ownerRole = :role, promotionId = :promotion, promotionTitle = :title, updatedAt = :at, gsi3pk = :indexPk, gsi3sk = :indexSk ADD amountCents :delta',
        // a debit never takes a balance below zero, under any concurrency
        ...(debit ? { ConditionExpression: 'amountCents >= :needed' } : {}),
        ExpressionAttributeValues: {
          ':entity': 'balance',
          ':user': first.userId,
          ':role': first.ownerRole,
          ':promotion': first.promotionId,
          ':title': first.promotionTitle,
          ':at': at,
          ':delta': deltaCents,
          ':indexPk': keys.balancesOfRole(first.ownerRole).of(keys.balanceIndexSort(first.userId, first.promotionId)),
          ':indexSk': keys.balanceIndexSort(first.userId, first.promotionId),
          ...(debit ? { ':needed': -deltaCents } : {}),
        },
      },
    };
  });
  const lines: TransactItem[] = changes.map((change) => {
    const id = randomUUID();
    return {
      Put: {
        TableName: tableName(),
        Item: { ...ledgerLineKey(change.userId, at, id), entity: 'ledger', id, at, ...change },
        // ledger lines are never overwritten
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
  });
  return [...updates, ...lines];
}

/**
 * A user's balances, one per promotion id (a query on the user's own
 * partition), each titled with its promotion's title as it is now — a
 * renamed promotion's balance follows the new title; a deleted one keeps the
 * title it last had.
 */
export async function listBalances(userId: string): Promise<Balance[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'BALANCE#' },
    ConsistentRead: true,
  });
  return titled(items);
}

/**
 * Every balance of every user of `ownerRole`, by user id (titled as
 * listBalances titles them): what the admin partner and announcer lists
 * show, read without a query per user (DESIGN section 9: 500 dashboards
 * within 1 s, with 5,000 partners). The BALANCES index says which balances
 * exist; their amounts are then read by key, consistently, in batches — an
 * index lags its table, and the live lists are rebuilt the moment a balance
 * changes, so an amount read from the index could be the one before.
 */
export async function balancesByRole(ownerRole: 'partner' | 'announcer'): Promise<Map<string, Balance[]>> {
  const indexed = await queryShards(
    keys.balancesOfRole(ownerRole),
    (partition) => ({
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ProjectionExpression: 'pk, sk, gsi3sk',
    }),
    'gsi3sk',
  );
  const itemKeys = indexed.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
  const found = await batchGetAll(itemKeys, { consistent: true });
  // in the index's order (user, then promotion id), as listBalances lists one user's
  const items = itemKeys.flatMap((key) => {
    const item = found.get(keyId(key));
    return item ? [item] : [];
  });
  const balances = await titled(items);
  const byUser = new Map<string, Balance[]>();
  items.forEach((item, i) => {
    const userId = item.userId as string;
    const listed = byUser.get(userId);
    if (listed) listed.push(balances[i]!);
    else byUser.set(userId, [balances[i]!]);
  });
  return byUser;
}

/** Balance items as balances, each under its promotion's current title (one batched read of the promotions). */
async function titled(items: ReadonlyArray<Record<string, unknown>>): Promise<Balance[]> {
  const promotions = await getPromotions([...new Set(items.map((item) => item.promotionId as string))]);
  return items.map((item) => ({
    promotionId: item.promotionId as string,
    promotionTitle: promotions.get(item.promotionId as string)?.title ?? (item.promotionTitle as string),
    amountCents: item.amountCents as number,
  }));
}

/** A user's balance of one promotion, LRD cents (0 when it has none). */
export async function getBalanceCents(userId: string, promotionId: string): Promise<number> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: balanceKey(userId, promotionId), ConsistentRead: true }),
  );
  return (result.Item?.amountCents as number | undefined) ?? 0;
}

/** A user's ledger, oldest first (its own partition, sorted by time). */
export async function listLedger(userId: string): Promise<LedgerLine[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': ledgerPartition(userId) },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys<LedgerLine>(item));
}

/** A user's ledger lines between two instants (ISO, inclusive), oldest first: the statements' CSV export. */
export async function ledgerLinesBetween(userId: string, fromIso: string, toIso: string): Promise<LedgerLine[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': ledgerPartition(userId), ':from': fromIso, ':to': `${toIso}~` },
  });
  return items.map((item) => withoutKeys<LedgerLine>(item));
}

/** Balances of (user, promotion) pairs in LRD cents, keyed `${userId}#${promotionId}`; a missing one is absent. */
export async function balancesOf(pairs: Array<{ userId: string; promotionId: string }>): Promise<Map<string, number>> {
  const found = await batchGetAll(pairs.map((pair) => balanceKey(pair.userId, pair.promotionId)));
  return new Map(
    [...found.values()].map((item) => [
      `${item.userId as string}#${item.promotionId as string}`,
      item.amountCents as number,
    ]),
  );
}

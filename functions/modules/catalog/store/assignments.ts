import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UssdServer } from '@shared/api/schemas/catalog';
import type { MerkleFrontier } from '@shared/fairness/merkle';
import type { AssignmentKind } from '@shared/games';
import { batchGetAll, db, keyId, queryAll, tableName } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { queryShards } from '../../../platform/store/sharded-query';
import { newWindowSeed } from './window-seeds';

/**
 * A partner × promotion assignment (the spec's "partner promotion"; DESIGN
 * section 4): the unit entries, counters and draws belong to.
 * Percentages are basis points; money is LRD cents.
 */
/** What a clear does with its window's paid entries (DESIGN section 4 "Clear draw"): carry is the default. */
export type ClearMode = 'carry' | 'refund';

/** A cleared window whose paid entries (seqs 1..count) are carried or refunded (DESIGN section 4 "Clear draw"). */
export interface WindowClear {
  /** The cleared window. */
  windowNo: number;
  mode: ClearMode;
  count: number;
}

/**
 * A closed window whose entries are not all moved into the next window yet: a carrying clear's (seqs
 * 1..count), or a house draw's late tail (mode 'late': seqs fromSeq..fromSeq+count-1, paid after the draw
 * moment, moved as its seqs 1..count; functions/modules/draws/late-tail.ts). A refunding clear moves nothing: its
 * entries stay in the cleared window while the finish-clears job refunds them (modules/draws/store/clear-queue.ts).
 */
export type ClearPending =
  | (WindowClear & { mode: 'carry' })
  | { windowNo: number; mode: 'late'; count: number; fromSeq: number };

export interface Assignment {
  id: string;
  partnerId: string;
  promotionId: string;
  partnerBp: number;
  announcerBp: number;
  /** What players dial or type to enter; house games have none. */
  sharedCode?: string;
  /** Which USSD gateway / network accepts its players; house games accept all. */
  server: UssdServer | 'all';
  threshold: number;
  startingThreshold: number;
  winnerAmountCents: number;
  /** `ended`: takes no new entries (an assignment with paid entries is ended, never deleted). */
  status: 'active' | 'ended';
  /** The house's (a house game's one assignment) or a partner's. */
  kind: AssignmentKind;
  /** Paid entries ever settled on it (maintained by settlement). */
  paidEntries: number;
  /** The open draw window (DESIGN section 4): its number and how many paid entries it holds. */
  windowNo: number;
  windowCount: number;
  windowOpenedAt: string;
  /** The open window's seed commitment (lowercase hex SHA-256; the seed itself is in its SEED item). */
  windowCommitment?: string;
  /**
   * The open window's entries as a Merkle frontier (shared/fairness/merkle.ts), kept by settlement in
   * the same write as windowCount, so a close fixes their root without reading them (DESIGN section 9).
   * Absent on an empty window, and on windows opened before it existed (the close then reads the entries).
   */
  windowFrontier?: MerkleFrontier;
  /** Value of the open window's paid entries, LRD cents (settlement adds; a draw resets). */
  windowValueLrdCents?: number;
  /** When the latest settled entry was paid (settlement books none earlier: seqs follow payment times). */
  lastPaidAt?: string;
  /** GMT day of the last draw (the first draw of a day needs startingThreshold). */
  lastDrawDay?: string;
  /**
   * Entries of the closed window still moving into this one (a carrying clear's, or a house draw's late
   * tail): set by the close, removed once every entry is moved; no window closes while it is set, so a
   * draw always sees them all (DESIGN section 4 "Clear draw").
   */
  clearPending?: ClearPending;
  createdAt: string;
  updatedAt: string;
}

export type AssignmentTerms = Pick<
  Assignment,
  'partnerBp' | 'announcerBp' | 'sharedCode' | 'server' | 'threshold' | 'startingThreshold' | 'winnerAmountCents'
>;

export function assignmentItem(assignment: Assignment) {
  return {
    ...keys.assignment(assignment.id),
    gsi3pk: keys.assignmentsIndex.of(assignment.partnerId),
    gsi3sk: keys.assignmentPartnerSort(assignment.partnerId, assignment.promotionId),
    entity: 'assignment',
    ...assignment,
  };
}

/**
 * A new assignment with its first draw window open and that window's seed
 * (stored apart, committed on the assignment) — for partner promotions and
 * the house games alike.
 */
export function openedAssignment(
  fields: Pick<Assignment, 'id' | 'partnerId' | 'promotionId' | 'kind'> & AssignmentTerms,
  now: Date,
): { assignment: Assignment; seed: ReturnType<typeof newWindowSeed> } {
  const at = now.toISOString();
  const seed = newWindowSeed(fields.id, 1, now);
  return {
    seed,
    assignment: {
      ...fields,
      status: 'active',
      paidEntries: 0,
      windowNo: 1,
      windowCount: 0,
      windowOpenedAt: at,
      windowCommitment: seed.commitment,
      createdAt: at,
      updatedAt: at,
    },
  };
}

export async function getAssignment(id: string): Promise<Assignment | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.assignment(id), ConsistentRead: true }),
  );
  return result.Item ? toAssignment(result.Item) : undefined;
}

/**
 * Every assignment, partner by partner, or one partner's (GSI3, its partner's
 * shard or every shard; never a scan). The index says which exist — it keeps
 * their keys only, so a settlement batch's update of its assignment never
 * writes it — and the assignments are then read by key in batches, eventually
 * consistent as the index query that read them whole was (half a read unit
 * each: the admin's live list is rebuilt at every settlement batch it shows).
 */
export async function listAssignments(partnerId?: string): Promise<Assignment[]> {
  const projection = 'pk, sk, gsi3sk';
  const indexed = partnerId
    ? await queryAll({
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :partner)',
        ExpressionAttributeValues: { ':pk': keys.assignmentsIndex.of(partnerId), ':partner': `${partnerId}#` },
        ProjectionExpression: projection,
      })
    : await queryShards(
        keys.assignmentsIndex,
        (partition) => ({
          IndexName: 'gsi3',
          KeyConditionExpression: 'gsi3pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ProjectionExpression: projection,
        }),
        'gsi3sk',
      );
  const itemKeys = indexed.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
  const found = await batchGetAll(itemKeys);
  // in the index's order (partner, then promotion)
  return itemKeys.flatMap((key) => {
    const item = found.get(keyId(key));
    return item ? [toAssignment(item)] : [];
  });
}

export function toAssignment(item: Record<string, unknown>): Assignment {
  return withoutKeys<Assignment>(item);
}

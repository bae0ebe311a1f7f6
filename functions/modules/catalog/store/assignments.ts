import { messages } from '@shared/messages';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { UssdServer } from '@shared/api/schemas/catalog';
import type { MerkleFrontier } from '@shared/fairness/merkle';
import {
  db,
  failedConditionIndexes,
  isConditionFailure,
  queryAll,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { refuseConflict, refuseMissing } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { claimItem, releaseItem, type UniqueClaim } from '../../staff';
import { newWindowSeed, windowSeedPut } from './window-seeds';

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
  kind: 'partner' | 'house';
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

const sharedCodeClaim = (code: string): UniqueClaim => ({ kind: 'sharedCode', value: code, field: 'shared_code' });
const pairClaim = (partnerId: string, promotionId: string): UniqueClaim => ({
  kind: 'assignmentPair',
  value: `${partnerId}#${promotionId}`,
  field: 'promotion',
});

export function assignmentItem(assignment: Assignment) {
  return {
    ...keys.assignment(assignment.id),
    gsi1pk: keys.assignmentsIndex,
    gsi1sk: keys.assignmentPartnerSort(assignment.partnerId, assignment.promotionId),
    gsi2pk: keys.promotionAssignments(assignment.promotionId),
    gsi2sk: assignment.partnerId,
    entity: 'assignment',
    ...assignment,
  };
}

/** Count an assignment onto its promotion (a promotion in use cannot be deleted). */
function promotionCount(promotionId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.promotion(promotionId),
      UpdateExpression: 'ADD assignmentCount :d',
      // the promotion exists (and, when adding, is a partner promotion)
      ConditionExpression: delta > 0 ? 'attribute_exists(pk) AND kind = :partner' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': delta, ...(delta > 0 ? { ':partner': 'partner' } : {}) },
    },
  };
}

/** Count an assignment onto its partner (a partner with assignments cannot be deleted). */
function partnerCount(partnerId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(partnerId),
      UpdateExpression: 'ADD assignmentCount :d',
      // the partner still exists and is a partner
      ConditionExpression: 'attribute_exists(pk) AND #role = :partnerRole',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':d': delta, ':partnerRole': 'partner' },
    },
  };
}

const countOn = (partnerId: string, promotionId: string, delta: 1 | -1): TransactItem[] => [
  promotionCount(promotionId, delta),
  partnerCount(partnerId, delta),
];

/** Explain which condition of a cancelled assignment transaction failed. */
function assignmentConflict(error: unknown, labels: Array<string | undefined>) {
  if (!isConditionFailure(error)) return undefined;
  const failed = failedConditionIndexes(error);
  const label = failed.map((i) => labels[i]).find(Boolean);
  return refuseConflict(label ?? messages.refusals.assignmentChangedMeanwhile);
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

export async function createAssignment(
  partnerId: string,
  promotionId: string,
  terms: AssignmentTerms,
  actor: Actor,
  now: Date,
): Promise<Assignment> {
  const { assignment, seed } = openedAssignment(
    { id: randomUUID(), partnerId, promotionId, kind: 'partner', ...terms },
    now,
  );
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: assignmentItem(assignment),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // the code names its promotion too: an entry by code reads both at once (modules/games/entry-target.ts)
    claimItem(sharedCodeClaim(terms.sharedCode!), assignment.id, { promotionId }),
    claimItem(pairClaim(partnerId, promotionId), assignment.id),
    ...countOn(partnerId, promotionId, 1),
    auditWrite(
      { ...actor, action: 'assignment.create', target: `assignment:${assignment.id}`, after: assignment },
      now,
    ),
    // the first window's seed exists, committed, before any entry can join it
    windowSeedPut(seed),
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    throw (
      assignmentConflict(error, [
        undefined,
        'That shared code is already in use.',
        'This partner is already assigned to that promotion.',
        'That promotion no longer exists or is a house game.',
        'That partner no longer exists.',
      ]) ?? error
    );
  }
  return assignment;
}

export async function getAssignment(id: string): Promise<Assignment | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.assignment(id), ConsistentRead: true }),
  );
  return result.Item ? toAssignment(result.Item) : undefined;
}

/**
 * Change an assignment's terms; moving it to another partner or promotion
 * is allowed only while it has no paid entries (its money and draws belong
 * to the pair it was entered under).
 */
export async function updateAssignment(
  id: string,
  partnerId: string,
  promotionId: string,
  terms: AssignmentTerms,
  actor: Actor,
  now: Date,
): Promise<Assignment> {
  const before = await getAssignment(id);
  if (!before) throw refuseMissing(messages.refusals.assignmentNotFound);
  if (before.kind === 'house') throw refuseConflict(messages.refusals.houseGamesInSettings);
  const moved = before.partnerId !== partnerId || before.promotionId !== promotionId;
  const codeChanged = before.sharedCode !== terms.sharedCode;
  const after: Assignment = { ...before, partnerId, promotionId, ...terms, updatedAt: now.toISOString() };

  const labels: Array<string | undefined> = [
    moved ? 'This partner promotion has paid entries: its partner and promotion can no longer change.' : undefined,
  ];
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.assignment(id),
        // only the terms: counters (paidEntries, draw window) belong to settlement and draws
        UpdateExpression:
          'SET partnerId = :partner, promotionId = :promotion, partnerBp = :pbp, announcerBp = :abp, sharedCode = :code, ' +
          '#server = :server, threshold = :threshold, startingThreshold = :start, winnerAmountCents = :winner, ' +
          'updatedAt = :at, gsi1sk = :g1sk, gsi2pk = :g2pk, gsi2sk = :partner',
        // unchanged since read; a move needs no paid entries
        ConditionExpression: moved ? 'updatedAt = :seen AND paidEntries = :zero' : 'updatedAt = :seen',
        ExpressionAttributeNames: { '#server': 'server' },
        ExpressionAttributeValues: {
          ':partner': partnerId,
          ':promotion': promotionId,
          ':pbp': terms.partnerBp,
          ':abp': terms.announcerBp,
          ':code': terms.sharedCode,
          ':server': terms.server,
          ':threshold': terms.threshold,
          ':start': terms.startingThreshold,
          ':winner': terms.winnerAmountCents,
          ':at': after.updatedAt,
          ':g1sk': keys.assignmentPartnerSort(partnerId, promotionId),
          ':g2pk': keys.promotionAssignments(promotionId),
          ':seen': before.updatedAt,
          ...(moved ? { ':zero': 0 } : {}),
        },
      },
    },
  ];
  if (codeChanged) {
    items.push(
      claimItem(sharedCodeClaim(terms.sharedCode!), id, { promotionId }),
      releaseItem(sharedCodeClaim(before.sharedCode!), id),
    );
    labels.push('That shared code is already in use.', undefined);
  }
  if (moved) {
    items.push(
      claimItem(pairClaim(partnerId, promotionId), id),
      releaseItem(pairClaim(before.partnerId, before.promotionId), id),
    );
    labels.push('This partner is already assigned to that promotion.', undefined);
    // one operation per item: move only the counters whose owner changes
    if (before.promotionId !== promotionId) {
      items.push(promotionCount(before.promotionId, -1), promotionCount(promotionId, 1));
      labels.push(undefined, 'That promotion no longer exists or is a house game.');
    }
    if (before.partnerId !== partnerId) {
      items.push(partnerCount(before.partnerId, -1), partnerCount(partnerId, 1));
      labels.push(undefined, 'That partner no longer exists.');
    }
  }
  items.push(auditWrite({ ...actor, action: 'assignment.update', target: `assignment:${id}`, before, after }, now));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    throw assignmentConflict(error, labels) ?? error;
  }
  return after;
}

/** Delete an assignment that never took a paid entry; one that did must be ended instead. */
export async function deleteAssignment(id: string, actor: Actor, now: Date): Promise<Assignment> {
  const before = await getAssignment(id);
  if (!before) throw refuseMissing(messages.refusals.assignmentNotFound);
  if (before.kind === 'house') throw refuseConflict(messages.refusals.houseGamesNotDeletable);
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.assignment(id),
        // entries, counters and draws belong to it once it has paid entries
        ConditionExpression: 'attribute_exists(pk) AND paidEntries = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
    releaseItem(sharedCodeClaim(before.sharedCode!), id),
    releaseItem(pairClaim(before.partnerId, before.promotionId), id),
    ...countOn(before.partnerId, before.promotionId, -1),
    auditWrite({ ...actor, action: 'assignment.delete', target: `assignment:${id}`, before }, now),
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    throw (
      assignmentConflict(error, ['This partner promotion has paid entries; end it instead of deleting it.']) ?? error
    );
  }
  return before;
}

/** Stop (or resume) taking entries. */
export async function setAssignmentStatus(
  id: string,
  status: Assignment['status'],
  actor: Actor,
  now: Date,
): Promise<Assignment> {
  const before = await getAssignment(id);
  if (!before) throw refuseMissing(messages.refusals.assignmentNotFound);
  const after: Assignment = { ...before, status, updatedAt: now.toISOString() };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.assignment(id),
            UpdateExpression: 'SET #status = :status, updatedAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status, ':at': after.updatedAt },
          },
        },
        auditWrite(
          {
            ...actor,
            action: `assignment.${status === 'ended' ? 'end' : 'resume'}`,
            target: `assignment:${id}`,
            before,
            after,
          },
          now,
        ),
      ],
    }),
  );
  return after;
}

/** Every assignment, partner by partner (GSI1; never a scan). */
export async function listAssignments(partnerId?: string): Promise<Assignment[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: partnerId ? 'gsi1pk = :pk AND begins_with(gsi1sk, :partner)' : 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.assignmentsIndex, ...(partnerId ? { ':partner': `${partnerId}#` } : {}) },
  });
  return items.map(toAssignment);
}

export function toAssignment(item: Record<string, unknown>): Assignment {
  return withoutKeys<Assignment>(item);
}

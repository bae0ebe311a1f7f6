import { messages } from '@shared/messages';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { PARTNER_GAME } from '@shared/games';
import { db, failedConditionIndexes, isConditionFailure, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseConflict, refuseMissing } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { claimItem, releaseItem, type UniqueClaim } from '../../staff';
import { windowSeedPut } from './window-seeds';
import { assignmentItem, getAssignment, openedAssignment, type Assignment, type AssignmentTerms } from './assignments';

/**
 * Staff edits of partner promotions' assignments (spec section 6): create, change
 * terms, delete, end or resume, each with its claims (shared code, pair), its
 * owners' counters and its audit line in one transaction.
 */
const sharedCodeClaim = (code: string): UniqueClaim => ({ kind: 'sharedCode', value: code, field: 'shared_code' });
const pairClaim = (partnerId: string, promotionId: string): UniqueClaim => ({
  kind: 'assignmentPair',
  value: `${partnerId}#${promotionId}`,
  field: 'promotion',
});

/** Count an assignment onto its promotion (a promotion in use cannot be deleted). */
function promotionCount(promotionId: string, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.promotion(promotionId),
      UpdateExpression: 'ADD assignmentCount :d',
      // the promotion exists (and, when adding, is a partner promotion)
      ConditionExpression: delta > 0 ? 'attribute_exists(pk) AND kind = :partner' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': delta, ...(delta > 0 ? { ':partner': PARTNER_GAME } : {}) },
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

export async function createAssignment(
  partnerId: string,
  promotionId: string,
  terms: AssignmentTerms,
  actor: Actor,
  now: Date,
): Promise<Assignment> {
  const { assignment, seed } = openedAssignment(
    { id: randomUUID(), partnerId, promotionId, kind: PARTNER_GAME, ...terms },
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

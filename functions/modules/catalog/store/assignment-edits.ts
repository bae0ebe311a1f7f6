import { messages } from '@shared/messages';
import { randomUUID } from 'node:crypto';
import { PARTNER_GAME } from '@shared/games';
import { commitAll, commitLabelled, tableName, type TransactItem } from '../../../platform/dynamo';
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

/** A transaction item with the refusal its condition failing means (none: the edit was changed meanwhile). */
type EditWrite = readonly [TransactItem, string | undefined];
const unnamed = (item: TransactItem): EditWrite => [item, undefined];

/**
 * Commit an edit's writes in ONE transaction; a lost condition is refused
 * with the first failed write's refusal, else as changed meanwhile. A
 * conflicting transaction's cancellation is thrown as DynamoDB gave it.
 */
async function commitEdit(writes: readonly EditWrite[]): Promise<void> {
  const outcome = await commitLabelled(writes);
  if (outcome.committed) return;
  if (outcome.busy) throw outcome.error;
  throw refuseConflict(outcome.failed.find(Boolean) ?? messages.refusals.assignmentChangedMeanwhile);
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
  await commitEdit([
    unnamed({
      Put: {
        TableName: tableName(),
        Item: assignmentItem(assignment),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }),
    // the code names its promotion too: an entry by code reads both at once (modules/games/entry-target.ts)
    [
      claimItem(sharedCodeClaim(terms.sharedCode!), assignment.id, { promotionId }),
      'That shared code is already in use.',
    ],
    [
      claimItem(pairClaim(partnerId, promotionId), assignment.id),
      'This partner is already assigned to that promotion.',
    ],
    [promotionCount(promotionId, 1), 'That promotion no longer exists or is a house game.'],
    [partnerCount(partnerId, 1), 'That partner no longer exists.'],
    unnamed(
      auditWrite(
        { ...actor, action: 'assignment.create', target: `assignment:${assignment.id}`, after: assignment },
        now,
      ),
    ),
    // the first window's seed exists, committed, before any entry can join it
    unnamed(windowSeedPut(seed)),
  ]);
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

  const writes: EditWrite[] = [
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.assignment(id),
          // only the terms: counters (paidEntries, draw window) belong to settlement and draws
          UpdateExpression:
            'SET partnerId = :partner, promotionId = :promotion, partnerBp = :pbp, announcerBp = :abp, sharedCode = :code, ' +
            '#server = :server, threshold = :threshold, startingThreshold = :start, winnerAmountCents = :winner, ' +
            'updatedAt = :at, gsi3pk = :listPk, gsi3sk = :listSk',
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
            ':listPk': keys.assignmentsIndex.of(partnerId),
            ':listSk': keys.assignmentPartnerSort(partnerId, promotionId),
            ':seen': before.updatedAt,
            ...(moved ? { ':zero': 0 } : {}),
          },
        },
      },
      moved ? 'This partner promotion has paid entries: its partner and promotion can no longer change.' : undefined,
    ],
  ];
  if (codeChanged) {
    writes.push(
      [claimItem(sharedCodeClaim(terms.sharedCode!), id, { promotionId }), 'That shared code is already in use.'],
      unnamed(releaseItem(sharedCodeClaim(before.sharedCode!), id)),
    );
  }
  if (moved) {
    writes.push(
      [claimItem(pairClaim(partnerId, promotionId), id), 'This partner is already assigned to that promotion.'],
      unnamed(releaseItem(pairClaim(before.partnerId, before.promotionId), id)),
    );
    // one operation per item: move only the counters whose owner changes
    if (before.promotionId !== promotionId) {
      writes.push(unnamed(promotionCount(before.promotionId, -1)), [
        promotionCount(promotionId, 1),
        'That promotion no longer exists or is a house game.',
      ]);
    }
    if (before.partnerId !== partnerId) {
      writes.push(unnamed(partnerCount(before.partnerId, -1)), [
        partnerCount(partnerId, 1),
        'That partner no longer exists.',
      ]);
    }
  }
  writes.push(
    unnamed(auditWrite({ ...actor, action: 'assignment.update', target: `assignment:${id}`, before, after }, now)),
  );
  await commitEdit(writes);
  return after;
}

/** Delete an assignment that never took a paid entry; one that did must be ended instead. */
export async function deleteAssignment(id: string, actor: Actor, now: Date): Promise<Assignment> {
  const before = await getAssignment(id);
  if (!before) throw refuseMissing(messages.refusals.assignmentNotFound);
  if (before.kind === 'house') throw refuseConflict(messages.refusals.houseGamesNotDeletable);
  await commitEdit([
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.assignment(id),
          // entries, counters and draws belong to it once it has paid entries
          ConditionExpression: 'attribute_exists(pk) AND paidEntries = :zero',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      'This partner promotion has paid entries; end it instead of deleting it.',
    ],
    ...[
      releaseItem(sharedCodeClaim(before.sharedCode!), id),
      releaseItem(pairClaim(before.partnerId, before.promotionId), id),
      promotionCount(before.promotionId, -1),
      partnerCount(before.partnerId, -1),
      auditWrite({ ...actor, action: 'assignment.delete', target: `assignment:${id}`, before }, now),
    ].map(unnamed),
  ]);
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
  // any failure is the caller's to answer (a lost condition: the assignment is gone)
  await commitAll([
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
  ]);
  return after;
}

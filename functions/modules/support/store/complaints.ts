import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { auditWrite, type Actor } from '../../audit';
import { commitAll, commitIfConditionsHold, db, queryAll, tableName } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * The complaint log (the support desk's dispute log, DESIGN section 7): what
 * a player complained of, and how it was resolved. Each note and resolution
 * carries its audit line in the same transaction; a complaint is never
 * deleted. Listed by period (GSI1, the regulator reads it) and per number (GSI2).
 */
export interface Complaint {
  id: string;
  msisdn: string;
  entryId?: string;
  summary: string;
  status: 'open' | 'resolved';
  resolution?: string;
  openedAt: string;
  openedBy: string;
  resolvedAt?: string;
  resolvedBy?: string;
}

/** How far back the open complaints are looked for (a complaint is answered in days, not months). */
const OPEN_LOOKBACK_DAYS = 90;

export async function noteComplaint(
  input: Pick<Complaint, 'msisdn' | 'entryId' | 'summary' | 'resolution'>,
  actor: Actor,
  now: Date,
): Promise<Complaint> {
  const at = now.toISOString();
  const complaint: Complaint = {
    id: randomUUID(),
    msisdn: input.msisdn,
    ...(input.entryId ? { entryId: input.entryId } : {}),
    summary: input.summary,
    status: input.resolution ? 'resolved' : 'open',
    openedAt: at,
    openedBy: actor.actorId,
    ...(input.resolution ? { resolution: input.resolution, resolvedAt: at, resolvedBy: actor.actorId } : {}),
  };
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.complaint(complaint.id),
          entity: 'complaint',
          ...complaint,
          gsi1pk: keys.complaintsIndex,
          gsi1sk: `${at}#${complaint.id}`,
          gsi2pk: keys.playerComplaints(complaint.msisdn),
          gsi2sk: `${at}#${complaint.id}`,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditWrite({ ...actor, action: 'support.complaint', target: `player:${complaint.msisdn}`, after: complaint }, now),
  ]);
  return complaint;
}

/** Open → resolved, once: undefined when there is no such complaint, 'resolved' when it was already. */
export async function resolveComplaint(
  id: string,
  resolution: string,
  actor: Actor,
  now: Date,
): Promise<Complaint | 'resolved' | undefined> {
  const before = await getComplaint(id);
  if (!before) return undefined;
  if (before.status !== 'open') return 'resolved';
  const at = now.toISOString();
  const after: Complaint = { ...before, status: 'resolved', resolution, resolvedAt: at, resolvedBy: actor.actorId };
  const committed = await commitIfConditionsHold([
    {
      Update: {
        TableName: tableName(),
        Key: keys.complaint(id),
        UpdateExpression: 'SET #status = :resolved, resolution = :resolution, resolvedAt = :at, resolvedBy = :by',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':resolved': 'resolved',
          ':open': 'open',
          ':resolution': resolution,
          ':at': at,
          ':by': actor.actorId,
        },
      },
    },
    auditWrite(
      { ...actor, action: 'support.resolve-complaint', target: `player:${before.msisdn}`, before, after },
      now,
    ),
  ]);
  return committed ? after : 'resolved';
}

async function getComplaint(id: string): Promise<Complaint | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.complaint(id), ConsistentRead: true }),
  );
  return result.Item ? withoutKeys<Complaint>(result.Item) : undefined;
}

/** A number's complaints, newest first (GSI2; never a scan). */
export async function complaintsOf(msisdn: string, limit = 100): Promise<Complaint[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.playerComplaints(msisdn) },
      ScanIndexForward: false,
    },
    limit,
  );
  return items.map((item) => withoutKeys<Complaint>(item));
}

/**
 * The complaint log between two instants (ISO, inclusive), oldest first: the
 * desk's export and the regulator's read (GSI1, one key range; never a scan).
 */
export async function complaintsBetween(fromIso: string, toIso: string, limit = 10_000): Promise<Complaint[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.complaintsIndex, ':from': fromIso, ':to': `${toIso}~` },
    },
    limit,
  );
  return items.map((item) => withoutKeys<Complaint>(item));
}

/** Complaints still open, newest first, among those of the last OPEN_LOOKBACK_DAYS. */
export async function openComplaints(now: Date, limit = 100): Promise<Complaint[]> {
  const from = new Date(now.getTime() - OPEN_LOOKBACK_DAYS * 86_400_000).toISOString();
  const items = await queryAll(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
      FilterExpression: '#status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': keys.complaintsIndex, ':from': from, ':open': 'open' },
      ScanIndexForward: false,
    },
    limit,
  );
  return items.map((item) => withoutKeys<Complaint>(item));
}

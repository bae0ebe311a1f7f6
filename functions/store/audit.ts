import { PutCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { db, tableName } from '../lib/dynamo';
import { badRequest } from '../lib/errors';
import { withoutKeys } from './keys';

/**
 * The audit log (DESIGN section 4; issue 3): every staff write records who,
 * what, target, when, from where, and a before/after summary. Append-only:
 * this module has no update or delete, and every Put refuses to overwrite.
 * Write it inside the same transaction as the change (`auditWrite`) so a
 * change without its audit line cannot exist.
 */
export interface AuditEntry {
  actorId: string;
  actorRole: string;
  /** Dotted verb, e.g. `partner.create`, `announcer.checkin`, `settings.update`. */
  action: string;
  /** What was acted on, e.g. `partner:RADIO-1`. */
  target: string;
  sourceIp: string;
  before?: object;
  after?: object;
}

export interface AuditRecord extends Omit<AuditEntry, 'before' | 'after'> {
  id: string;
  at: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const AUDIT_PK = 'AUDIT';
/** Attributes never copied into an audit summary. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'entity', 'secret']);

/** A copy of `record` fit for the audit log: no secrets, no key attributes. */
export function auditSummary(record: object | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => !SECRET_FIELDS.has(k) && v !== undefined));
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The Put that appends one audit line; put it in the change's own transaction. */
export function auditWrite(entry: AuditEntry, now: Date): TransactItem {
  const at = now.toISOString();
  const id = randomUUID();
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: AUDIT_PK,
        sk: `${at}#${id}`,
        entity: 'audit',
        id,
        at,
        ...entry,
        before: auditSummary(entry.before),
        after: auditSummary(entry.after),
      },
      // append-only: never overwrite a line
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Append one audit line on its own (for writes that are a single non-transactional call). */
export async function appendAudit(entry: AuditEntry, now: Date): Promise<void> {
  await db().send(new PutCommand(auditWrite(entry, now).Put as ConstructorParameters<typeof PutCommand>[0]));
}

/** Newest first, `limit` per page; `cursor` is the opaque value a previous page returned. */
export async function listAudit(limit: number, cursor?: string): Promise<{ items: AuditRecord[]; cursor?: string }> {
  let startKey: Record<string, unknown> | undefined;
  if (cursor) {
    try {
      const sk = Buffer.from(cursor, 'base64url').toString('utf8');
      if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/.test(sk)) throw new Error('bad cursor');
      startKey = { pk: AUDIT_PK, sk };
    } catch {
      throw badRequest('Invalid cursor.');
    }
  }
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': AUDIT_PK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  const items = (page.Items ?? []).map((item) => withoutKeys<AuditRecord>(item));
  const last = page.LastEvaluatedKey?.sk as string | undefined;
  return { items, cursor: last ? Buffer.from(last, 'utf8').toString('base64url') : undefined };
}

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { commitAll, db, tableName, type TransactItem } from '../../../platform/dynamo';
import { messages } from '@shared/messages';
import { refuseInvalid } from '../../../platform/refusal';
import { KEY_ATTRIBUTES, withoutKeys } from '../../../platform/store/keys';

/**
 * The audit log (DESIGN section 4): every staff write records who,
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
  /** Why, in the actor's words (the support desk's actions each carry one). */
  reason?: string;
}

/** Who acted (and, from the support desk, why): the part of an audit line a store operation is given by its route. */
export type Actor = Pick<AuditEntry, 'actorId' | 'actorRole' | 'sourceIp' | 'reason'>;

export interface AuditRecord extends Omit<AuditEntry, 'before' | 'after'> {
  id: string;
  at: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const AUDIT_PK = 'AUDIT';
/** Attributes never copied into an audit summary. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'secret', ...KEY_ATTRIBUTES]);

/** A copy of `record` fit for the audit log: no secrets, no key attributes. */
function auditSummary(record: object | undefined): Record<string, unknown> | undefined {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).filter(([k, v]) => !SECRET_FIELDS.has(k) && v !== undefined));
}

/** Append one audit line on its own: for what changes nothing else (a regulator's download, DESIGN section 7). */
export async function appendAudit(entry: AuditEntry, now: Date): Promise<void> {
  await commitAll([auditWrite(entry, now)]);
}

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

/** Which lines to list; all optional. `from`/`to` are GMT days (YYYY-MM-DD), inclusive. */
export interface AuditFilter {
  actor?: string;
  /** The action or its start: `admin.` finds every admin action. */
  action?: string;
  /** Part of the target. */
  target?: string;
  from?: string;
  to?: string;
}

/** Items read (before the filter) in one call at most: a rare filter over a long log answers a cursor, not a slow page. */
const MAX_READ_PER_CALL = 2000;

/**
 * Newest first, `limit` per page; `cursor` is the opaque value a previous
 * page returned. Filters are applied here over the whole log (the day range
 * as the key condition), not by the client over one page: a page may hold
 * fewer than `limit` lines and still have a cursor when a rare filter read
 * its share of the log.
 */
export async function listAudit(
  limit: number,
  cursor?: string,
  filter: AuditFilter = {},
): Promise<{ items: AuditRecord[]; cursor?: string }> {
  let startKey = cursor ? { pk: AUDIT_PK, sk: cursorSortKey(cursor) } : undefined;
  const { keyCondition, filterExpression, names, values } = auditQueryOf(filter);
  const items: AuditRecord[] = [];
  let read = 0;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: keyCondition,
        FilterExpression: filterExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: filterExpression ? Math.min(200, MAX_READ_PER_CALL - read) : limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    read += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      items.push(withoutKeys<AuditRecord>(item));
      if (items.length === limit) return { items, cursor: cursorOf((item as { sk: string }).sk) };
    }
    startKey = page.LastEvaluatedKey as typeof startKey;
  } while (startKey && read < MAX_READ_PER_CALL);
  return { items, cursor: startKey ? cursorOf(startKey.sk) : undefined };
}

function auditQueryOf(filter: AuditFilter) {
  const values: Record<string, unknown> = { ':pk': AUDIT_PK };
  const names: Record<string, string> = {};
  let keyCondition = 'pk = :pk';
  if (filter.from || filter.to) {
    if (filter.from && filter.to && filter.from > filter.to)
      throw refuseInvalid(messages.auditLog.badDate, { from: messages.auditLog.badDate });
    // sort keys are `<ISO time>#<id>`: a day's lines lie between `<day>T` and `<day>T~`
    values[':from'] = filter.from ? `${filter.from}T` : '0';
    values[':to'] = filter.to ? `${filter.to}T~` : '~';
    keyCondition += ' AND sk BETWEEN :from AND :to';
  }
  const conditions: string[] = [];
  if (filter.actor) {
    names['#actor'] = 'actorId';
    values[':actor'] = filter.actor;
    conditions.push('#actor = :actor');
  }
  if (filter.action) {
    names['#action'] = 'action';
    values[':action'] = filter.action;
    conditions.push('begins_with(#action, :action)');
  }
  if (filter.target) {
    names['#target'] = 'target';
    values[':target'] = filter.target;
    conditions.push('contains(#target, :target)');
  }
  return {
    keyCondition,
    filterExpression: conditions.length > 0 ? conditions.join(' AND ') : undefined,
    names: conditions.length > 0 ? names : undefined,
    values,
  };
}

function cursorOf(sk: string): string {
  return Buffer.from(sk, 'utf8').toString('base64url');
}

function cursorSortKey(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/.test(sk)) throw refuseInvalid(messages.refusals.invalidCursor);
  return sk;
}

import { messages } from '@shared/messages';
import { queryPages } from '../../../platform/dynamo';
import { refuseInvalid } from '../../../platform/refusal';
import { keys } from '../../../platform/store/keys';
import { toPayout, type Payout, type PayoutKind, type PayoutStatus } from './payouts';

/** A page of the payouts list (the admin Payouts screen): newest first, filtered by status and kind. */
export interface PayoutFilter {
  status?: PayoutStatus;
  kind?: PayoutKind;
}

const PAYOUT_SORT = /^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/;

/**
 * Newest first, at most `limit` payouts matching `filter`, after `cursor`
 * (the opaque value a previous page returned): one query of the PAYOUTS
 * index, never a scan. The filter is applied by DynamoDB page by page, so a
 * page is read until it holds `limit` matches or the index ends.
 */
export async function listPayoutsPage(
  filter: PayoutFilter,
  limit: number,
  cursor?: string,
): Promise<{ payouts: Payout[]; cursor?: string }> {
  const before = cursor === undefined ? undefined : Buffer.from(cursor, 'base64url').toString('utf8');
  if (before !== undefined && !PAYOUT_SORT.test(before)) throw refuseInvalid(messages.refusals.invalidCursor);
  const names = { ...(filter.status ? { '#status': 'status' } : {}), ...(filter.kind ? { '#kind': 'kind' } : {}) };
  const conditions = Object.keys(names).map((name) => `${name} = :${name.slice(1)}`);
  const items: Array<Record<string, unknown>> = [];
  let more = false;
  for await (const page of queryPages(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk',
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
      ...(conditions.length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: {
        ':pk': keys.payoutsIndex,
        ...(before ? { ':before': before } : {}),
        ...(filter.status ? { ':status': filter.status } : {}),
        ...(filter.kind ? { ':kind': filter.kind } : {}),
      },
      ScanIndexForward: false,
    },
    () => limit + 1,
  )) {
    items.push(...page);
    if (items.length > limit) {
      more = true;
      break;
    }
  }
  const payouts = items.slice(0, limit).map(toPayout);
  const last = payouts.at(-1);
  return {
    payouts,
    ...(more && last ? { cursor: Buffer.from(`${last.createdAt}#${last.id}`, 'utf8').toString('base64url') } : {}),
  };
}

/** Every payout started between two instants (ISO, inclusive), oldest first: the CSV export (the PAYOUTS index, one key range). */
export async function payoutsBetween(fromIso: string, toIso: string): Promise<Payout[]> {
  const items: Array<Record<string, unknown>> = [];
  for await (const page of queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.payoutsIndex, ':from': fromIso, ':to': `${toIso}~` },
  }))
    items.push(...page);
  return items.map(toPayout);
}

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { formatMoney } from '@shared/money';
import type { RecentTaxSetting, TaxFilingEntity } from '@shared/api/schemas/tax';
import { commitAll, db, queryAll, tableName } from '../../../platform/dynamo';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';

/**
 * Tax analytics filings (DESIGN section 4 "Tax"): the four figures actually
 * filed, in cents. Append-only history in one item collection, ordered by
 * filing time; this module has no update or delete.
 */
export interface TaxFiling {
  id: string;
  currentBonusGiveawayCents: number;
  totalYDGiveawayCents: number;
  currentPaymentToGovtCents: number;
  yDOfThe20PercentCents: number;
  /** The filing admin's user id. */
  filedBy: string;
  filedAt: string;
}

export type TaxFigures = Pick<
  TaxFiling,
  'currentBonusGiveawayCents' | 'totalYDGiveawayCents' | 'currentPaymentToGovtCents' | 'yDOfThe20PercentCents'
>;

/** Record one filing with its audit line, in one transaction. */
export async function fileTaxAnalytics(figures: TaxFigures, actor: Actor, now: Date): Promise<TaxFiling> {
  const filing: TaxFiling = { id: randomUUID(), ...figures, filedBy: actor.actorId, filedAt: now.toISOString() };
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.taxFiling(filing.filedAt, filing.id), ...filing, entity: 'taxFiling' },
        // history is append-only: never overwrite a filing
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    auditWrite({ ...actor, action: 'taxAnalytics.create', target: `taxFiling:${filing.id}`, after: filing }, now),
  ]);
  return filing;
}

/** Every filing, newest first (one item collection; never a scan). */
export async function listTaxFilings(): Promise<TaxFiling[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.taxFilings },
    ScanIndexForward: false,
  });
  return items.map(toTaxFiling);
}

/** The overview's RecentTaxSetting (spec section 3): the latest filing, if any. */
export async function latestTaxFiling(): Promise<RecentTaxSetting | undefined> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.taxFilings },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = page.Items?.[0];
  if (!item) return undefined;
  const filing = toTaxFiling(item);
  return {
    CurrentBonusGiveaway: formatMoney(filing.currentBonusGiveawayCents),
    currentPaymentToGovt: formatMoney(filing.currentPaymentToGovtCents),
    totalYDGiveaway: formatMoney(filing.totalYDGiveawayCents),
    YDOfThe20Percent: formatMoney(filing.yDOfThe20PercentCents),
    filedAt: filing.filedAt,
  };
}

/** One filing as listed: the request's field names with money strings. */
export function taxFilingEntity(filing: TaxFiling): TaxFilingEntity {
  return {
    ID: filing.id,
    currentBonusGiveaway: formatMoney(filing.currentBonusGiveawayCents),
    totalYDGiveaway: formatMoney(filing.totalYDGiveawayCents),
    currentPaymentToGovt: formatMoney(filing.currentPaymentToGovtCents),
    yDOfThe20Percent: formatMoney(filing.yDOfThe20PercentCents),
    filedBy: filing.filedBy,
    filedAt: filing.filedAt,
  };
}

function toTaxFiling(item: Record<string, unknown>): TaxFiling {
  return {
    id: item.id as string,
    currentBonusGiveawayCents: Number(item.currentBonusGiveawayCents),
    totalYDGiveawayCents: Number(item.totalYDGiveawayCents),
    currentPaymentToGovtCents: Number(item.currentPaymentToGovtCents),
    yDOfThe20PercentCents: Number(item.yDOfThe20PercentCents),
    filedBy: item.filedBy as string,
    filedAt: item.filedAt as string,
  };
}

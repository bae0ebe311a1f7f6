import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Report } from '../report';
import { db, isConditionFailure, queryAll, tableName } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * Daily reports sealed at day end (the regulator's record): one item per
 * GMT day in one item collection ordered by day, each holding the day's
 * report and its hash chained to the previous sealed day's
 * (functions/modules/reports/report-seal.ts). Append-only: written once, never
 * updated or deleted (IAM denies it: infra/constructs/domain-function.ts).
 */
export interface SealedReport {
  day: string;
  report: Report;
  /** Lowercase hex SHA-256 of the report's canonical JSON followed by `prevHash`. */
  hash: string;
  /** The sealed day before this one (none for the first). */
  prevDay?: string;
  prevHash: string;
  sealedAt: string;
}

/** Store a sealed day once; false when that day was sealed already (by a racing run). */
export async function putSealedReport(sealed: SealedReport): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.sealedReport(sealed.day), entity: 'sealedReport', ...sealed },
        // a sealed day is never overwritten
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The latest sealed day strictly before `day` (or the latest of all without one). */
export async function sealedReportBefore(day?: string): Promise<SealedReport | undefined> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: day ? 'pk = :pk AND sk < :day' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.sealedReports, ...(day ? { ':day': day } : {}) },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const item = page.Items?.[0];
  return item ? withoutKeys<SealedReport>(item) : undefined;
}

/** Sealed days from `fromDay` to `toDay` inclusive, oldest first. */
export async function sealedReportsBetween(fromDay: string, toDay: string): Promise<SealedReport[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.sealedReports, ':from': fromDay, ':to': toDay },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys<SealedReport>(item));
}

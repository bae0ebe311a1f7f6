import { queryAll } from '../../../platform/dynamo';
import { toDrawRecord, type DrawRecord } from './draw-records';
import { keys } from '../../../platform/store/keys';

/**
 * Reads of draw records the dashboards and the prize payout job need: by
 * time and by the PRIZEPAYOUT queue. Never a scan, never a read of entries.
 */

/** A draw record with the fields the payout job adds to it. */
export type PrizeDraw = DrawRecord & {
  /** Which attempt `payoutId` is (a failed prize payout is retried with a new reference). */
  payoutAttempt?: number;
  /** When the provider failed the current attempt. */
  payoutFailedAt?: string;
  /** When the prize's payout succeeded. */
  payoutPaidAt?: string;
};

/** A winning draw: it has a winner and a prize to pay. */
export const hasWinner = (draw: DrawRecord): boolean => Boolean(draw.winnerMsisdn) && (draw.prizeLrdCents ?? 0) > 0;

/** Draws made at or after `fromIso`, oldest first (DRAWS index; one day's draws are few). */
export async function drawsSince(fromIso: string): Promise<PrizeDraw[]> {
  return queryDraws({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk >= :from',
    ExpressionAttributeValues: { ':pk': keys.drawsIndex, ':from': fromIso },
  });
}

/** Draws made between two instants (ISO, inclusive), oldest first: the winners' CSV export. */
export async function drawsBetween(fromIso: string, toIso: string): Promise<PrizeDraw[]> {
  return queryDraws({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.drawsIndex, ':from': fromIso, ':to': `${toIso}~` },
  });
}

/**
 * Draws whose prize is not paid yet (the sparse PRIZEPAYOUT index), oldest
 * first: new winners, payouts in flight and failed ones awaiting a retry.
 */
export async function drawsAwaitingPrizePayout(): Promise<PrizeDraw[]> {
  return queryDraws({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.prizePayoutsPending },
  });
}

async function queryDraws(input: Parameters<typeof queryAll>[0]): Promise<PrizeDraw[]> {
  return (await queryAll(input)).map((item) => toDrawRecord(item) as PrizeDraw);
}

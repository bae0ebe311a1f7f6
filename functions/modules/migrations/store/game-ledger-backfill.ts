import { prizeLine, stakeLine, type GameLedgerLine, putGameLedgerLineOnce } from '../../ledger';
import { lrdValueOf } from '../../entries';
import { scanPages } from '../../../platform/dynamo';
import type { DrawRecord } from '../../draw-records';
import type { Entry } from '../../entries';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * Writes the game-ledger lines (functions/modules/ledger/game-ledger-rules.ts) of events
 * booked before the game ledger existed: each paid entry's stake, each
 * winning draw's prize awarded and, once its payout succeeded, paid — so
 * the reports of those days still sum to their lines (DESIGN section 4 "Tax").
 *
 * Each line's key comes from its event (time, kind, ref), as settlement,
 * draws and payouts write it, and each put is conditional: running it again,
 * or beside those writers, never adds a line twice. It scans, paged: run
 * once per deploy (functions/modules/migrations/store/migrations.ts), never on a request path.
 */
export async function backfillGameLedger(): Promise<{ written: number }> {
  let written = 0;
  const pages = scanPages({
    FilterExpression:
      '(begins_with(pk, :entry) AND sk = :entrySort AND #status = :paid AND attribute_exists(paidAt)) OR ' +
      '(begins_with(pk, :draw) AND sk = :drawSort AND attribute_exists(winnerEntryId))',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':entry': keys.entry('').pk,
      ':entrySort': keys.entry('').sk,
      ':paid': 'paid',
      ':draw': keys.draw('').pk,
      ':drawSort': keys.draw('').sk,
    },
  });
  for await (const page of pages) {
    for (const item of page) {
      for (const line of linesOf(item)) if (await putGameLedgerLineOnce(line)) written += 1;
    }
  }
  return { written };
}

/** The lines an entry's or a draw's item stands for. */
function linesOf(item: Record<string, unknown>): GameLedgerLine[] {
  if (item.sk === keys.entry('').sk) {
    const entry = withoutKeys<Entry>(item);
    return [stakeLine(entry, entry.paidAt!, lrdValueOf(entry.amountCents, entry.currency, entry.rateMilli))];
  }
  const draw = withoutKeys<DrawRecord & { payoutPaidAt?: string }>(item);
  const prize = { ...draw, prizeLrdCents: draw.prizeLrdCents ?? 0 };
  if (prize.prizeLrdCents <= 0) return [];
  return [
    prizeLine('prize-awarded', prize, draw.drawnAt),
    ...(draw.payoutStatus === 'paid' && draw.payoutPaidAt ? [prizeLine('prize-paid', prize, draw.payoutPaidAt)] : []),
  ];
}

import { queueRefundClearsLeftPending } from '../draws';
import { backfillBalanceIndex } from './store/balance-index-migration';
import { backfillGameLedger } from './store/game-ledger-backfill';
import { moveLedgerLinesToOwnPartition } from './store/ledger-migration';
import { runOnce } from './store/migrations';
import { backfillPaidEntryIndex } from './store/paid-entries-migration';
import { backfillPlayerEntries } from './store/player-entries-migration';

/**
 * Data migrations, run by the local stack at start and by the deploy seed
 * script (infra/scripts/seed.ts). Each is idempotent: running them again
 * changes nothing. Those that scan the whole table run once to their end
 * and are skipped afterwards (functions/modules/migrations/store/migrations.ts).
 */
export async function migrateData(): Promise<{
  ledgerLinesMoved: number;
  paidEntriesIndexed: number;
  gameLedgerLinesWritten: number;
  balancesIndexed: number;
  playerEntriesWritten: number;
  refundClearsQueued: number;
}> {
  const ledger = await runOnce('ledger-partition', moveLedgerLinesToOwnPartition, { moved: 0 });
  const paid = await runOnce('paid-entries-index', backfillPaidEntryIndex, { indexed: 0 });
  const gameLedger = await runOnce('game-ledger', backfillGameLedger, { written: 0 });
  const balances = await runOnce('balance-index', backfillBalanceIndex, { indexed: 0 });
  const players = await runOnce('player-entries', backfillPlayerEntries, { written: 0 });
  // every run, not once: cheap (the assignments alone), and a version that left one may still be running beside it
  const refundClears = await queueRefundClearsLeftPending();
  return {
    ledgerLinesMoved: ledger.moved,
    paidEntriesIndexed: paid.indexed,
    gameLedgerLinesWritten: gameLedger.written,
    balancesIndexed: balances.indexed,
    playerEntriesWritten: players.written,
    refundClearsQueued: refundClears.queued,
  };
}

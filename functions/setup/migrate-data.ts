import { backfillBalanceIndex } from '../store/balance-index-migration';
import { moveLedgerLinesToOwnPartition } from '../store/ledger-migration';
import { backfillPaidEntryIndex } from '../store/paid-entries-migration';

/**
 * Data migrations, run by the local stack at start and by the deploy seed
 * script (infra/scripts/seed.ts). Each is idempotent: running them again
 * changes nothing.
 */
export async function migrateData(): Promise<{ ledgerLinesMoved: number; paidEntriesIndexed: number; balancesIndexed: number }> {
  const ledger = await moveLedgerLinesToOwnPartition();
  const paid = await backfillPaidEntryIndex();
  const balances = await backfillBalanceIndex();
  return { ledgerLinesMoved: ledger.moved, paidEntriesIndexed: paid.indexed, balancesIndexed: balances.indexed };
}

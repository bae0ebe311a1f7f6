import { moveLedgerLinesToOwnPartition } from '../store/ledger-migration';

/**
 * Data migrations, run by the local stack at start and by the deploy seed
 * script (infra/scripts/seed.ts). Each is idempotent: running them again
 * changes nothing.
 */
export async function migrateData(): Promise<{ ledgerLinesMoved: number }> {
  const ledger = await moveLedgerLinesToOwnPartition();
  return { ledgerLinesMoved: ledger.moved };
}

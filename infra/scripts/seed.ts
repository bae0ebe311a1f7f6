/**
 * First-start data for a deployed table (run by ops at every deploy, with AWS
 * credentials): the first super admin, the house games, and the data
 * migrations (functions/modules/migrations/migrate-data.ts).
 *   SEED_ADMIN_EMAIL=… SEED_ADMIN_PASSWORD=… TABLE_NAME=… npx tsx infra/scripts/seed.ts
 * Running it again changes nothing.
 */
import { ensureSeedAdmin } from '../../functions/modules/staff/seed-admin';
import { migrateData } from '../../functions/modules/migrations/migrate-data';
import { ensureHouseGames } from '../../functions/modules/games/store/house-games-seed';

const email = process.env.SEED_ADMIN_EMAIL;
const password = process.env.SEED_ADMIN_PASSWORD;
if (!email || !password || password.length < 8 || !process.env.TABLE_NAME) {
  console.error('Set SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD (8+ characters) and TABLE_NAME.');
  process.exit(2);
}
const result = await ensureSeedAdmin(email, password, new Date());
console.log(
  result.created ? `Created super admin ${result.user.email}` : `Super admin ${result.user.email} already exists`,
);
const games = await ensureHouseGames(new Date());
console.log(
  games.created.length > 0 ? `Created house games: ${games.created.join(', ')}` : 'House games already exist',
);
const migrated = await migrateData();
console.log(`Ledger lines moved to their own partition: ${migrated.ledgerLinesMoved}`);
console.log(`Older paid entries put on the paid-stakes index: ${migrated.paidEntriesIndexed}`);
console.log(`Game-ledger lines written for events booked before it: ${migrated.gameLedgerLinesWritten}`);
console.log(`Older balances put on the BALANCES index: ${migrated.balancesIndexed}`);

/**
 * First-start data for a deployed table (run by ops at every deploy, with AWS
 * credentials): the first super admin and the house games. The product has
 * never been deployed, so no data migration for an earlier table is kept
 * (DESIGN section 3).
 *   SEED_ADMIN_EMAIL=… SEED_ADMIN_PASSWORD=… TABLE_NAME=… npx tsx infra/scripts/seed.ts
 * Running it again changes nothing.
 */
import { ensureSeedAdmin } from '../../functions/modules/staff/seed-admin';
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

/**
 * `npm run unlock-admin -- <email> [address …]`: the operators' unlock
 * (DESIGN section 7). Forgets every failed sign-in and lock of the account
 * <email> — from every address — and of each client address given (an
 * address locked for failing against many accounts).
 *
 *   local stack: DYNAMODB_ENDPOINT=<printed by npm start> npm run unlock-admin -- admin@example.com
 *   AWS:         TABLE_NAME=<the table> AWS_REGION=… npm run unlock-admin -- admin@example.com 203.0.113.7
 *
 * Exit status: 0 unlocked (or nothing was locked); 2 bad arguments or no table named.
 */
import { pathToFileURL } from 'node:url';
import { unlockAccount } from '../functions/modules/staff/store/login-throttle';

export async function main(args: readonly string[]): Promise<number> {
  const [email, ...addresses] = args.filter((a) => a !== '--');
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run unlock-admin -- <email> [address …]');
    return 2;
  }
  if (!process.env.TABLE_NAME && !process.env.DYNAMODB_ENDPOINT) {
    console.error('Set TABLE_NAME (AWS) or DYNAMODB_ENDPOINT (the local stack, printed by npm start).');
    return 2;
  }
  const removed = await unlockAccount(email, addresses);
  console.log(
    `Unlocked ${email}${addresses.length > 0 ? ` and ${addresses.join(', ')}` : ''}: ${removed} failure counter(s) removed.`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await main(process.argv.slice(2)));
}

/**
 * `npm start`: the whole product on this machine, no AWS account
 * (DESIGN section 2). Flags: --in-memory (keep no data), --dev (also run the
 * Vite dev server with hot reload, proxying /api and /ws here).
 * Env: PORT (default 3000), SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSeedAdmin } from '../../functions/setup/seed-admin';
import { startLocalStack } from './stack';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Set(process.argv.slice(2));
const inMemory = args.has('--in-memory');
const dev = args.has('--dev');
const port = Number(process.env.PORT ?? 3000);

async function main(): Promise<void> {
  const stack = await startLocalStack({ port, inMemory, host: process.env.HOST ?? '127.0.0.1' });

  const email = process.env.SEED_ADMIN_EMAIL ?? 'admin@example.com';
  const seeded = await ensureSeedAdmin(email, process.env.SEED_ADMIN_PASSWORD, new Date());

  let vite: ChildProcess | undefined;
  if (dev) {
    vite = spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { cwd: repoRoot, stdio: 'inherit' });
  }

  console.log('');
  console.log(`  Raffle platform running at ${stack.url}${dev ? '  (Vite dev server: http://localhost:5173)' : ''}`);
  console.log(`  DynamoDB Local: ${stack.dynamoEndpoint} (for npm run unlock-admin)`);
  console.log(`  MTN MoMo simulator: ${stack.momoUrl}   Orange Money simulator: ${stack.orangeUrl}`);
  console.log(`  Africa's Talking SMS simulator: ${stack.smsUrl}`);
  console.log(`  Randomness beacon (drand-compatible, local chain): ${stack.beaconUrl}`);
  console.log(`  Data: ${inMemory ? 'in memory (lost on exit)' : resolve(repoRoot, '.data')}`);
  console.log(`  Super admin: ${seeded.user.email}`);
  if (seeded.generatedPassword) {
    console.log(`  Super admin password (shown once): ${seeded.generatedPassword}`);
    if (!inMemory) {
      const file = resolve(repoRoot, '.data/seed-admin.txt');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${seeded.user.email}\n${seeded.generatedPassword}\n`);
      chmodSync(file, 0o600);
      console.log(`  (also written to ${file})`);
    }
  } else if (seeded.created) {
    console.log('  Super admin password: from SEED_ADMIN_PASSWORD');
  }
  console.log('  Press Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping…`);
    vite?.kill('SIGTERM');
    await stack.stop();
    process.exit(0);
  };
  // the stack stopped on its own (DynamoDB Local gone for good; it logged why): end with a failure status
  void stack.closed.then(() => {
    if (!stopping) process.exit(1);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\n  Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

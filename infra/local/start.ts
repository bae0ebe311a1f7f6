/**
 * `npm start`: the whole product on this machine, no AWS account
 * (DESIGN section 2). Flags: --in-memory (keep no data), --dev (also run the
 * Vite dev server with hot reload, proxying /api and /ws here).
 * Env: PORT (default 3000; 0 for any free port), SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD.
 * GET /api/v1/health answers ok only once everything below is ready, the
 * seed admin included. SIGINT (Ctrl-C) and SIGTERM both stop everything it
 * started: the Vite dev server runs in this process, and DynamoDB Local (its
 * one child) also ends by itself when this process is gone, however it ended.
 * Run as `node --import tsx infra/local/start.ts` (package.json): one process,
 * so a signal reaches this code directly, with no wrapper that could kill it
 * before it has stopped DynamoDB Local.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { ensureSeedAdmin } from '../../functions/modules/staff/seed-admin';
import { startLocalStack } from './stack';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Set(process.argv.slice(2));
const inMemory = args.has('--in-memory');
const dev = args.has('--dev');
const port = Number(process.env.PORT ?? 3000);

async function main(): Promise<void> {
  const email = process.env.SEED_ADMIN_EMAIL ?? 'admin@example.com';
  let seeded: Awaited<ReturnType<typeof ensureSeedAdmin>> | undefined;
  let vite: ViteDevServer | undefined;
  // health answers ok only once the admin exists: a script that waits for it can sign in at once
  const starting = startLocalStack({
    port,
    inMemory,
    host: process.env.HOST ?? '127.0.0.1',
    beforeReady: async () => {
      seeded = await ensureSeedAdmin(email, process.env.SEED_ADMIN_PASSWORD, new Date());
    },
  });

  // Handlers first, before anything is started: a signal that comes while the stack is
  // still starting (or just after health turns ok) must stop what was started, not orphan it.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping…`);
    await vite?.close();
    const started = await starting.catch(() => undefined);
    await started?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const stack = await starting;
  if (stopping) return;
  if (!seeded) throw new Error('the seed admin was not created');

  let devUrl: string | undefined;
  if (dev) {
    // in this process: nothing more to stop or to orphan. /api and /ws go to this stack.
    process.env.API_ORIGIN ??= stack.url;
    const { createServer } = await import('vite');
    vite = await createServer({ configFile: resolve(repoRoot, 'web/vite.config.ts') });
    await vite.listen();
    if (stopping) return;
    devUrl = vite.resolvedUrls?.local[0];
  }

  console.log('');
  console.log(`  Raffle platform running at ${stack.url}${devUrl ? `  (Vite dev server: ${devUrl})` : ''}`);
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

  // the stack stopped on its own (DynamoDB Local gone for good; it logged why): end with a failure status
  void stack.closed.then(() => {
    if (!stopping) process.exit(1);
  });
}

main().catch((error: unknown) => {
  console.error(`\n  Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

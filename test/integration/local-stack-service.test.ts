import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { freePort } from '../../infra/local/free-port';
import { eventually } from '../support/eventually';

/**
 * The local stack as a service (README "Running locally"): started the way
 * `npm run dev` starts it (npm → node, which runs the Vite dev server in
 * itself and starts DynamoDB Local), in memory, on a free port. Its health
 * answers ok only when the seed admin can sign in, and a SIGTERM to npm alone
 * — what `timeout npm start` or a service manager sends — stops everything
 * under it. DynamoDB Local also ends when the process that started it is
 * killed outright, with no chance to stop it.
 */
const EMAIL = 'service-admin@test.example';
const PASSWORD = 'service-password-1';

/** Every live descendant of `pid` (from /proc: parent ids). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so read after the last ')'
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

/** Waits until none of `pids` is alive; what is still alive after 30 s, with its command. */
const allGone = (pids: number[]) =>
  eventually(
    () => pids.filter(alive),
    (left) => left.length === 0,
    30_000,
  ).catch(() => pids.filter(alive).map((pid) => `${pid}: ${commandOf(pid)}`));

const started: number[] = [];
afterAll(() => {
  // a failed test must not leave its stack behind
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('the local stack as a service', () => {
  it('answers health only once the seed admin can sign in, and SIGTERM stops every process it started', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      SEED_ADMIN_EMAIL: EMAIL,
      SEED_ADMIN_PASSWORD: PASSWORD,
      API_ORIGIN: `http://localhost:${port}`,
    };
    // the test run's own stack settings are not this stack's
    for (const key of [
      'LOCAL_STACK',
      'TABLE_NAME',
      'DYNAMODB_ENDPOINT',
      'WS_MANAGEMENT_ENDPOINT',
      'MOMO_BASE_URL',
      'ORANGE_BASE_URL',
      'AFRICASTALKING_BASE_URL',
      'PUBLIC_BASE_URL',
    ])
      delete env[key];
    const npm = spawn('npm', ['run', 'dev', '--', '--in-memory'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(npm.pid!);
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(npm, 'exit');

    const base = `http://localhost:${port}`;
    // asked often, so an ok that came before the admin existed would be caught
    // -1: the stack gave up starting (its output says why)
    const health = await eventually(
      () =>
        npm.exitCode !== null
          ? -1
          : fetch(`${base}${routes.health.path}`).then(
              (r) => r.status,
              () => 0,
            ),
      (status) => status === 200 || status === -1,
      180_000,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output}`);
    });
    expect(health, output).toBe(200);
    const signIn = await fetch(`${base}${routes.adminLogin.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);

    // the Vite dev server (in the stack's process) serves the app and passes /api to this stack
    const viteUrl = /Vite dev server: (http:\/\/\S+?)\/?\)/.exec(output)?.[1];
    expect(viteUrl, output).toBeDefined();
    const page = await fetch(`${viteUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${viteUrl}${routes.health.path}`)).status).toBe(200);

    // DynamoDB Local (java) runs under npm
    const children = await eventually(
      () => descendants(npm.pid!),
      (pids) => pids.some((pid) => commandOf(pid).includes('DynamoDBLocal')),
      60_000,
    );
    started.push(...children);

    npm.kill('SIGTERM');
    await exited;
    expect(await allGone(children)).toEqual([]);
    // and nothing listens where Vite did
    await expect(fetch(`${viteUrl}/`)).rejects.toThrow();
  }, 300_000);

  it('DynamoDB Local ends when the process that started it is killed outright (SIGKILL: no handler runs)', async () => {
    const script =
      "import { startDynamoLocal } from './infra/local/dynamodb-local.ts';" +
      "const db = await startDynamoLocal(); console.log('up', db.endpoint);";
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(owner.pid!);
    let output = '';
    owner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    owner.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const endpoint = await eventually(
      () => /up (http:\/\/\S+)/.exec(output)?.[1] ?? (owner.exitCode !== null ? 'exited' : undefined),
      (found) => found !== undefined,
      120_000,
    );
    expect(endpoint, output).toMatch(/^http:/);
    const java = descendants(owner.pid!).filter((pid) => commandOf(pid).includes('DynamoDBLocal'));
    expect(java).toHaveLength(1);
    started.push(...java);

    owner.kill('SIGKILL');
    expect(await allGone(java)).toEqual([]);
    await expect(fetch(endpoint!)).rejects.toThrow();
  }, 180_000);
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { pathOf, routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { getUser } from '../../functions/modules/staff';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { eventually } from '../support/eventually';
import { aStaffUser } from '../support/fixtures';
import { sharedStack } from '../support/stack-target';

/**
 * DynamoDB Local (DESIGN section 7): reachable from this machine only, and
 * its death is noticed. The death tests kill it in a stack of their own,
 * started here (this file's worker points at that stack meanwhile), never in
 * the shared test stack.
 */

/** Local addresses of the sockets listening on `port` (from /proc/net/tcp and tcp6, as hex). */
function listenersOn(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === '0A' && fields[1]?.endsWith(`:${hexPort}`))
      .map((fields) => fields[1]!.split(':')[0]!),
  );
}

/** 127.0.0.0/8 (IPv4, or IPv4-mapped IPv6) or ::1, as /proc/net writes them (little-endian words). */
const isLoopback = (hex: string) =>
  (hex.length === 8 && hex.endsWith('7F')) ||
  (hex.length === 32 && (/^0{16}FFFF0000[0-9A-F]{6}7F$/.test(hex) || hex === '00000000000000000000000001000000'));

describe('DynamoDB Local', () => {
  it('listens on loopback only', () => {
    const listening = listenersOn(Number(new URL(sharedStack().dynamoEndpoint).port));
    expect(listening.length).toBeGreaterThan(0);
    for (const address of listening) expect(isLoopback(address), address).toBe(true);
  });
});

describe('when DynamoDB Local dies', () => {
  const sharedEnv = { ...process.env };
  let stack: LocalStack | undefined;
  let errors: MockInstance<typeof console.error>;
  const lines = (prefix: string) =>
    errors.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith(prefix));

  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
    errors.mockRestore();
    // point this worker back at the shared stack
    Object.assign(process.env, sharedEnv);
  });
  afterAll(() => Object.assign(process.env, sharedEnv));

  const kill = (s: LocalStack) => process.kill(s.dynamo.pid!, 'SIGKILL');
  const entryStatus = async (s: LocalStack) => {
    const response = await fetch(`${s.url}${pathOf(routes.entryStatus, { entry_id: randomUUID() })}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('with a data dir: one line says so, requests get 503 {error} while it is down, and it comes back with its data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dynamodb-outage-'));
    try {
      stack = await startLocalStack({
        port: 0,
        dataDir,
        webDist: false,
        scheduler: false,
        streamIntervalMs: 100,
        quickJit: true,
      });
      const user = await aStaffUser('admin');
      expect((await entryStatus(stack)).status).toBe(404);

      kill(stack);
      const down = await eventually(
        () => entryStatus(stack!),
        (r) => r.status !== 404,
        30_000,
      );
      expect(down).toEqual({ status: 503, body: { error: messages.http.unavailable } });

      await eventually(
        () => entryStatus(stack!),
        (r) => r.status === 404,
        90_000,
      );
      expect((await getUser(user.id))?.email).toBe(user.email);
      const died = lines('[dynamodb]').filter((line) => line.includes('exited unexpectedly'));
      expect(died, died.join('\n')).toHaveLength(1);
      expect(died[0]).toContain('restarting it');

      // each stream poller (the fan-out, the payment prompts) said it once, not once a poll, and says when it is back
      const pollers = ['stream', 'prompts'];
      await eventually(
        () =>
          pollers.every((poller) =>
            lines('[streams]').some((line) => line.includes(`${poller}: DynamoDB answers again`)),
          ),
        Boolean,
        30_000,
      );
      for (const poller of pollers)
        expect(lines('[streams]').filter((line) => line.includes(`${poller}: DynamoDB is unreachable`))).toHaveLength(
          1,
        );
      expect(lines('[streams]').filter((line) => line.includes('poll failed'))).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('in memory: one line says so and the whole stack stops cleanly (its data is gone)', async () => {
    stack = await startLocalStack({
      port: 0,
      inMemory: true,
      webDist: false,
      scheduler: false,
      streamIntervalMs: 100,
      quickJit: true,
    });
    const { url } = stack;
    expect((await entryStatus(stack)).status).toBe(404);

    kill(stack);
    await stack.closed;
    const died = lines('[dynamodb]');
    expect(died, died.join('\n')).toHaveLength(1);
    expect(died[0]).toMatch(
      /in memory\) exited unexpectedly \(signal SIGKILL\); its data is gone, so the local stack stops/,
    );
    await expect(fetch(`${url}/api/v1/health`)).rejects.toThrow();
    expect(lines('[local]')).toEqual([]);
  }, 300_000);
});

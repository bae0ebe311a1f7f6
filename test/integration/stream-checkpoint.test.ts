import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import { aUniquePlayerNumber } from '../support/play';
import { processesUsing } from '../support/processes';
import { startStackProcess } from '../support/stack-process-start';

/**
 * DESIGN section 2: the local stack's stream pollers keep their position per
 * shard under `.data/` and resume from it after a crash, as an event source
 * mapping resumes from its checkpoint: a restart replays, it never skips.
 * A stack in a process of its own (test/support/stack-process.ts) on a
 * temporary data directory takes entries, is killed with SIGKILL before its
 * payment prompts' poller has read them, and started again on the same data:
 * every player whose entry was stored is prompted.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'raffle-checkpoint-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface StackProcess {
  child: ChildProcess;
  url: string;
  momoUrl: string;
}

/** A stack process on `dataDir` whose stream pollers read every `intervalMs`, once it answers. */
async function startStack(intervalMs: number): Promise<StackProcess> {
  const { child, ready } = startStackProcess({ DATA_DIR: dataDir, STREAM_INTERVAL_MS: String(intervalMs) });
  running.add(child);
  return { child, ...(await ready) };
}

/** SIGKILL: no stop, no saving; waits until its DynamoDB Local (which ends with it) has let go of the data too. */
async function crash(stack: StackProcess): Promise<void> {
  const exited = once(stack.child, 'exit');
  stack.child.kill('SIGKILL');
  await exited;
  running.delete(stack.child);
  await eventually(
    () => processesUsing(dataDir),
    (pids) => pids.length === 0,
    30_000,
  );
}

async function enter(stack: StackProcess): Promise<string> {
  const response = await new ApiClient(stack.url).call(
    routes.dailyDrawEntry,
    {},
    { mobile_number: aUniquePlayerNumber(), amount: '100.00|LRD' },
  );
  expect(response.status, response.text).toBe(202);
  return response.body.entry_id as string;
}

/** The requests to pay the MTN simulator holds under an entry's reference (0: never prompted). */
async function prompts(stack: StackProcess, entryId: string): Promise<number> {
  const response = await fetch(`${stack.momoUrl}/__sim/collection/${entryId}`);
  return response.status === 404 ? 0 : ((await response.json()) as { posts: number }).posts;
}

describe('the local stack resumes its streams from a checkpoint', () => {
  it('prompts every player whose entry was stored before a kill -9, after the restart on the same data', async () => {
    // a first run prompts an entry: the pollers' checkpoints now name a record
    let stack = await startStack(100);
    const before = await enter(stack);
    await eventually(
      () => prompts(stack, before),
      (posts) => posts === 1,
      30_000,
    );
    await crash(stack);

    // a run whose pollers do not read again within the test: entries are stored, none is prompted, then the crash
    stack = await startStack(600_000);
    const stored: string[] = [];
    for (let i = 0; i < 4; i += 1) stored.push(await enter(stack));
    expect(await Promise.all(stored.map((id) => prompts(stack, id)))).toEqual([0, 0, 0, 0]);
    await crash(stack);

    stack = await startStack(100);
    const prompted = await eventually(
      () => Promise.all([before, ...stored].map((id) => prompts(stack, id))),
      (posts) => posts.every((n) => n > 0),
      60_000,
    ).catch(async () => Promise.all([before, ...stored].map((id) => prompts(stack, id))));
    // each once: the first entry, done before the checkpoint, is not asked again
    expect(prompted).toEqual([1, 1, 1, 1, 1]);
  }, 600_000);
});

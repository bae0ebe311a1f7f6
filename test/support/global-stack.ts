import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_SCRYPT_N } from './password-cost';
import { type StackProcessAddresses, startStackProcess } from './stack-process-start';

/** One of the test run's stacks, as a stack worker's files reach it (test/support/stack-env.ts). */
export interface TestStack extends Omit<StackProcessAddresses, 'url'> {
  /** Its gateway: the site and the API. */
  baseUrl: string;
  /** Where its functions write their metric lines. */
  metricsLog: string;
  /** How long its MoMo and Orange simulators wait before approving a payment (ms). */
  approveMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: TestStack[];
  }
}

/**
 * The `stack` project's real local stacks: one per stack worker (its maxWorkers, vitest.config.ts), each in a
 * process of its own (test/support/stack-process.ts): DynamoDB Local in memory, the gateway on a free port serving
 * web/dist, the stream pollers and the simulators. DynamoDB Local runs every request of a database on one SQLite
 * thread: one database for the whole run kept that thread busy while the cores were not (a run's files waited on it),
 * so each worker's files have a database of their own. Tests reach their worker's stack over HTTP/WebSocket and, for
 * setup and inspection, its DynamoDB Local through the store modules.
 */
/**
 * The test stacks' simulators approve a payment after 300 ms, not `npm start`'s second: the suite waits for
 * hundreds of approvals one after another (the stack tests took 489 s instead of 689 s on 2 cores). A test that
 * reads a payment while it waits has 300 ms; the ones that need longer use a number of their own (the late 000109).
 */
const APPROVE_MS = Number(process.env.MOMO_SIM_APPROVE_MS ?? 300);

export default async function setup(project: TestProject) {
  const running: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      running.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }),
    );
  };
  try {
    project.provide(
      'stacks',
      await Promise.all(Array.from({ length: project.config.maxWorkers }, () => startStack(running))),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** A stack process, once it answers; its output goes on into the test run's (the functions' WARN lines). */
async function startStack(running: ChildProcess[]): Promise<TestStack> {
  const metricsLog = join(mkdtempSync(join(tmpdir(), 'raffle-metrics-')), 'metrics.log');
  const { child, ready } = startStackProcess(
    {
      DATA_DIR: undefined,
      METRICS_LOG: metricsLog,
      // staff passwords hashed at a lower scrypt cost on this stack only (functions/modules/staff/passwords.ts)
      TEST_SCRYPT_N,
      // the functions' INFO lines would flood the test run's output (tests read the metrics file, never these)
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
      MOMO_SIM_APPROVE_MS: String(APPROVE_MS),
    },
    (text, from) => void process[from].write(text),
  );
  // its stdin stays a pipe this process holds: the stack stops when it closes (test/support/stack-process.ts)
  running.push(child);
  const { url, ...addresses } = await ready;
  return { ...addresses, baseUrl: url, metricsLog, approveMs: APPROVE_MS };
}

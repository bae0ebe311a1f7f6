import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/stack';
import { pointHelpersAt } from './stack-target';
import { sharedStack } from './stack-target';

export interface PrivateStack {
  stack: LocalStack;
  /** Stops the stack; this worker's store modules, helpers and pages go back to the test run's stack. */
  stop(): Promise<void>;
}

/**
 * A stack of the file's own, in memory, on a free port, for data that must
 * not mix with other files' on the shared stack (settings every public page
 * reads; "the last active super admin", which counts every super admin of
 * the stack). Until `stop`, this worker's store modules follow it through
 * the environment startLocalStack sets, and its HTTP helpers and browser
 * pages through pointHelpersAt. It serves the web build as the shared stack
 * does (TEST_WEB_DIST or web/dist) and writes its metric lines to a file of
 * its own, not into the file the shared stack's tests read. Its data is a
 * table of its own on the test run's DynamoDB Local (every item of the
 * product lives in its one table), so no second Java process starts.
 */
export async function startPrivateStack(options: Partial<LocalStackOptions> = {}): Promise<PrivateStack> {
  const savedEnv = { ...process.env };
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    scheduler: false,
    streamIntervalMs: 100,
    webDist: process.env.TEST_WEB_DIST || undefined,
    metricsLog: join(mkdtempSync(join(tmpdir(), 'raffle-private-metrics-')), 'metrics.log'),
    sharedDynamo: { endpoint: sharedStack().dynamoEndpoint, tableName: `raffle-private-${randomUUID().slice(0, 8)}` },
    ...options,
  });
  pointHelpersAt(stack);
  return {
    stack,
    async stop() {
      await stack.stop();
      pointHelpersAt(undefined);
      for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
      Object.assign(process.env, savedEnv);
    },
  };
}

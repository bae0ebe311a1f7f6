import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { TEST_SCRYPT_N } from './password-cost';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    wsManagementEndpoint: string;
    momoUrl: string;
    smsUrl: string;
    orangeUrl: string;
    metricsLog: string;
    beaconUrl: string;
  }
}

/**
 * One real local stack for the whole `stack` project: DynamoDB Local in
 * memory, the gateway on a free port serving web/dist, the stream poller and
 * the simulators; its beacon serves rounds ahead of the clock, as many tests
 * draw at times set years ahead. Tests reach it over HTTP/WebSocket and, for setup and
 * inspection, the same DynamoDB Local through the store modules.
 */
let stack: LocalStack | undefined;

export default async function setup(project: TestProject) {
  // TEST_WEB_DIST lets a developer test a web build kept elsewhere (default web/dist).
  const webDist = process.env.TEST_WEB_DIST || undefined;
  // the functions' metric lines go to a file the tests can read, not into the test run's output
  // staff passwords hashed at a lower scrypt cost on this stack only (functions/modules/staff/passwords.ts)
  process.env.TEST_SCRYPT_N = TEST_SCRYPT_N;
  // the functions' INFO lines would flood the test run's output (tests read the metrics file, never these)
  process.env.LOG_LEVEL ??= 'WARN';
  const metricsLog = join(mkdtempSync(join(tmpdir(), 'raffle-metrics-')), 'metrics.log');
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    scheduler: false,
    streamIntervalMs: 100,
    webDist,
    metricsLog,
    beaconServesFutureRounds: true,
    quickJit: true,
  });
  project.provide('metricsLog', metricsLog);
  project.provide('baseUrl', stack.url);
  project.provide('dynamoEndpoint', stack.dynamoEndpoint);
  project.provide('tableName', stack.tableName);
  project.provide('wsManagementEndpoint', stack.wsManagementEndpoint);
  project.provide('momoUrl', stack.momoUrl);
  project.provide('smsUrl', stack.smsUrl);
  project.provide('orangeUrl', stack.orangeUrl);
  project.provide('beaconUrl', stack.beaconUrl);
  return async () => {
    await stack?.stop();
  };
}

/**
 * A local stack in a process of its own:
 * `node --import tsx test/support/stack-process.ts`.
 * - On the data directory DATA_DIR, for tests (and `npm run bench -- outcomes`) that kill it outright (SIGKILL) and
 *   start it again on the same data; PORT sets its gateway's port (default any free one: give the same one to a
 *   restart and callback URLs stored before it still reach it).
 * - Without DATA_DIR, in memory: one of the test run's stacks (test/support/global-stack.ts). It serves the web build
 *   (TEST_WEB_DIST, else web/dist), writes its metric lines to METRICS_LOG and its beacon serves rounds ahead of the
 *   clock, as many tests draw at times set years ahead.
 * It prints one line `stack-ready <json>` (its URLs, DynamoDB Local's endpoint and the table) once it answers;
 * STREAM_INTERVAL_MS sets its stream pollers' pace. Its scheduler is off; a line `job <name>` on its stdin runs that
 * job as the scheduler would and prints `job-done <name> <json result>`. An in-memory stack stops when its stdin
 * closes (the test run that started it ended, even by SIGKILL).
 */
import { createInterface } from 'node:readline';
import { startLocalStack } from '../../infra/local/stack';

const dataDir = process.env.DATA_DIR;
const stack = await startLocalStack({
  port: Number(process.env.PORT ?? 0),
  scheduler: false,
  streamIntervalMs: Number(process.env.STREAM_INTERVAL_MS ?? 100),
  // a test stack: the JVM's quick compiler only (README)
  quickJit: true,
  ...(dataDir
    ? { dataDir, webDist: false }
    : {
        inMemory: true,
        webDist: process.env.TEST_WEB_DIST || undefined,
        metricsLog: process.env.METRICS_LOG,
        beaconServesFutureRounds: true,
      }),
});
const { url, momoUrl, orangeUrl, smsUrl, dynamoEndpoint, tableName, wsManagementEndpoint, beaconUrl } = stack;
const ready = { url, momoUrl, orangeUrl, smsUrl, dynamoEndpoint, tableName, wsManagementEndpoint, beaconUrl };
console.log(`stack-ready ${JSON.stringify(ready)}`);
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => {
  const job = /^job (\S+)$/.exec(line.trim())?.[1];
  if (!job) return;
  void stack.scheduler.run(job).then((result) => console.log(`job-done ${job} ${JSON.stringify(result ?? null)}`));
});
// an in-memory stack belongs to the test run that holds its stdin: gone with it, however it ended
if (!dataDir) commands.on('close', stop);

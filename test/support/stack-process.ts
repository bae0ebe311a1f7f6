/**
 * A local stack in a process of its own, on the data directory DATA_DIR,
 * for tests (and `npm run bench -- outcomes`) that kill it outright
 * (SIGKILL) and start it again on the same data:
 * `node --import tsx test/support/stack-process.ts`. It prints one line
 * `stack-ready <json>` (its URLs, DynamoDB Local's endpoint and the table)
 * once it answers; STREAM_INTERVAL_MS sets its stream pollers' pace, PORT
 * its gateway's port (default any free one: give the same one to a restart
 * and callback URLs stored before it still reach it). Its scheduler is off;
 * a line `job <name>` on its stdin runs that job as the scheduler would and
 * prints `job-done <name> <json result>`.
 */
import { createInterface } from 'node:readline';
import { startLocalStack } from '../../infra/local/stack';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const stack = await startLocalStack({
  port: Number(process.env.PORT ?? 0),
  dataDir,
  scheduler: false,
  webDist: false,
  streamIntervalMs: Number(process.env.STREAM_INTERVAL_MS ?? 100),
  // a test stack: the JVM's quick compiler only, as the shared one (README)
  quickJit: true,
});
const { url, momoUrl, orangeUrl, smsUrl, dynamoEndpoint, tableName } = stack;
console.log(`stack-ready ${JSON.stringify({ url, momoUrl, orangeUrl, smsUrl, dynamoEndpoint, tableName })}`);
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
createInterface({ input: process.stdin }).on('line', (line) => {
  const job = /^job (\S+)$/.exec(line.trim())?.[1];
  if (!job) return;
  void stack.scheduler.run(job).then((result) => console.log(`job-done ${job} ${JSON.stringify(result ?? null)}`));
});

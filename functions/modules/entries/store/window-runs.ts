import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys, RUN_SEQS } from '../../../platform/store/keys';

/**
 * A draw window's tickets by sequence number (DESIGN sections 4, 9 and 10),
 * kept in RUNS: one item per settlement batch (or per chunk a clear
 * carries), holding its consecutive seqs, keyed by the first of them — not
 * one item per entry, which cost every paid entry a transactional write.
 * A window's runs are in a partition per RUN_SEQS seqs, and no run crosses
 * one (a batch that would is written as two runs), so a draw's pick stays
 * one read whatever the window's size: the run that starts at or before the
 * seq in the seq's own partition, the last of them (DESIGN section 9).
 */

/** One paid entry of a draw window, by its sequence number (written by settlement). */
export interface WindowEntry {
  entryId: string;
  ticketNumber: string;
  msisdn: string;
}

export type SeqEntry = WindowEntry & { seq: number };

/**
 * The Puts of a window's entries, as runs: split wherever the seqs are not
 * consecutive or cross a partition. `once` (settlement): a run is written
 * only where none starts (the window's count already makes seqs unique);
 * without it (a carry, written again by a racing or retried finisher) it is
 * put as it is, the same item each time.
 */
export function windowRunPuts(
  assignmentId: string,
  windowNo: number,
  entries: readonly SeqEntry[],
  { once }: { once: boolean },
): TransactItem[] {
  return runsOf(entries).map((run) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.windowRun(assignmentId, windowNo, run[0]!.seq),
        entity: 'windowRun',
        entries: run.map(encode).join('\n'),
      },
      ...(once ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    },
  }));
}

/** Consecutive seqs within one partition, in seq order. */
function runsOf(entries: readonly SeqEntry[]): SeqEntry[][] {
  const runs: SeqEntry[][] = [];
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const joins = last && entry.seq === last.seq + 1 && entry.seq % RUN_SEQS !== 0;
    if (joins) run!.push(entry);
    else runs.push([entry]);
  }
  return runs;
}

// one line per entry: its id, ticket number and number (none of which holds a space)
const encode = (entry: WindowEntry) => `${entry.entryId} ${entry.ticketNumber} ${entry.msisdn}`;

/** A stored run's entries, seq by seq from its first. */
function entriesOf(item: Record<string, unknown>): SeqEntry[] {
  const from = Number(String(item.sk).slice(4));
  return String(item.entries)
    .split('\n')
    .map((line, i) => {
      const [entryId, ticketNumber, msisdn] = line.split(' ');
      return { seq: from + i, entryId: entryId!, ticketNumber: ticketNumber!, msisdn: msisdn! };
    });
}

/** The entry holding `seq` in a window: ONE query reading one item, whatever the window's size (DESIGN section 9). */
export async function getWindowEntry(
  assignmentId: string,
  windowNo: number,
  seq: number,
): Promise<WindowEntry | undefined> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk <= :seq',
      ExpressionAttributeValues: {
        ':pk': keys.windowRunPartition(assignmentId, windowNo, seq),
        ':seq': keys.windowRun(assignmentId, windowNo, seq).sk,
      },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const held = Items?.[0] ? entriesOf(Items[0]).find((entry) => entry.seq === seq) : undefined;
  return held ? { entryId: held.entryId, ticketNumber: held.ticketNumber, msisdn: held.msisdn } : undefined;
}

/**
 * A window's entries `fromSeq`..`fromSeq + count - 1` in seq order (a full read for clears, proofs and
 * schedule changes; a house draw's late tail): every partition the range touches, read side by side.
 */
export async function listWindowEntries(
  assignmentId: string,
  windowNo: number,
  range: { fromSeq: number; count: number },
): Promise<SeqEntry[]> {
  if (range.count <= 0) return [];
  const last = range.fromSeq + range.count - 1;
  const first = Math.floor(range.fromSeq / RUN_SEQS);
  const partitions = Array.from({ length: Math.floor(last / RUN_SEQS) - first + 1 }, (_, i) => (first + i) * RUN_SEQS);
  const runs = await Promise.all(
    partitions.map((start) =>
      queryAll({
        // a run starting before the range may hold its first seqs: the partition is read from its start
        KeyConditionExpression: 'pk = :pk AND sk <= :last',
        ExpressionAttributeValues: {
          ':pk': keys.windowRunPartition(assignmentId, windowNo, start),
          ':last': keys.windowRun(assignmentId, windowNo, last).sk,
        },
        ConsistentRead: true,
      }),
    ),
  );
  return runs
    .flat()
    .flatMap(entriesOf)
    .filter((entry) => entry.seq >= range.fromSeq && entry.seq <= last)
    .sort((a, b) => a.seq - b.seq);
}

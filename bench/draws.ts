import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf, drawIdOf } from '@shared/draw-math';
import type { MerkleFrontier } from '@shared/fairness/merkle';
import { hashPassword } from '../functions/modules/staff/passwords';
import { conductThresholdDraw } from '../functions/modules/draws/threshold-draw';
import { db, tableName } from '../functions/platform/dynamo';
import { createAssignment } from '../functions/modules/catalog/store/assignment-edits';
import { keys } from '../functions/platform/store/keys';
import { MAX_BATCH } from '../functions/modules/entries/settle-batch';
import { createPromotion } from '../functions/modules/catalog/store/promotions';
import { createStaffUser } from '../functions/modules/staff/store/users';
import { frontierAfter } from '../functions/modules/entries/window-frontier';
import { windowRunPuts } from '../functions/modules/entries';
import type { BenchResult } from './result';
import { percentile, pool, round, timed } from './stats';

/**
 * DESIGN section 9: "A draw costs the same with 10^3 or 10^6 entries in its
 * window (pick a random sequence number, read one item): O(1)". Measures
 * `conductThresholdDraw` — the whole domain operation the announcer and the
 * admin call: reads, the pick, the one window item, the transaction, the
 * winner's SMS — on a window of 10^3 and one of 10^5 paid entries, side by
 * side. Bar: the larger window's p50 within 1.5× of the smaller's.
 *
 * Setup writes the windows straight to DynamoDB Local (BatchWrite; a bench
 * may), as settlement leaves them: every seq's window item and paid entry,
 * and the window's Merkle frontier. Before each timed draw the window is
 * reopened with a fresh seed and the previous winner is paid again. The
 * pick needs the first beacon round after the close, which the local beacon
 * of the bench's stack serves at once (bench/run.ts): the wait for a real
 * round (up to its 3 s period) is the protocol, the same for any window size.
 */
const DRAW_SIZES = [1_000, 100_000] as const;
const MAX_RATIO = 1.5;
const DRAWS_PER_SIZE = 40;
const WARMUP_DRAWS = 10;
const WINDOW_NO = 1;

const actor = { actorId: 'bench', actorRole: 'admin', sourceIp: '127.0.0.1' };

interface BenchWindow {
  size: number;
  assignmentId: string;
  /** The Merkle frontier of all `size` entries, as settlement keeps it on the assignment. */
  frontier: MerkleFrontier;
  /** The seq the last draw picked: its entry is paid again before the next draw. */
  lastWinningSeq?: number;
  samples: number[];
}

export async function benchDraws(): Promise<BenchResult[]> {
  const windows: BenchWindow[] = [];
  for (const size of DRAW_SIZES) {
    const assignmentId = await aBenchAssignment();
    const [fillMs, frontier] = await timed(() => fillWindow(assignmentId, size));
    console.log(`  draws: window of ${size.toLocaleString('en')} paid entries written in ${round(fillMs / 1000)} s`);
    windows.push({ size, assignmentId, frontier, samples: [] });
  }
  // interleaved, so whatever else the machine does weighs on both sizes alike
  for (let i = 0; i < WARMUP_DRAWS + DRAWS_PER_SIZE; i += 1) {
    for (const window of windows) {
      await reopenWindow(window);
      const [ms, record] = await timed(() =>
        conductThresholdDraw({ assignmentId: window.assignmentId, actor, now: new Date() }),
      );
      window.lastWinningSeq = record.winningSeq;
      if (i >= WARMUP_DRAWS) window.samples.push(ms);
    }
  }
  const results: BenchResult[] = windows.flatMap(({ size, samples }) => [
    {
      name: `draw latency p50, ${size.toLocaleString('en')} paid entries in the window`,
      value: round(percentile(samples, 50), 2),
      unit: 'ms',
    },
    {
      name: `draw latency p95, ${size.toLocaleString('en')} paid entries in the window`,
      value: round(percentile(samples, 95), 2),
      unit: 'ms',
    },
  ]);
  const ratio = percentile(windows[1]!.samples, 50) / percentile(windows[0]!.samples, 50);
  results.push({
    name: `draw p50 ratio, ${DRAW_SIZES[1].toLocaleString('en')} ÷ ${DRAW_SIZES[0].toLocaleString('en')} entries`,
    value: round(ratio, 2),
    unit: '×',
    bar: `≤ ${MAX_RATIO}`,
    pass: ratio <= MAX_RATIO,
  });
  return results;
}

/** A partner promotion to draw (threshold 1), made through the stores. */
async function aBenchAssignment(): Promise<string> {
  const now = new Date();
  const suffix = randomUUID().slice(0, 8);
  const partner = await createStaffUser(
    {
      email: `bench-draw-partner-${suffix}@example.com`,
      username: `Bench Draw FM ${suffix}`,
      role: 'partner',
      superAdmin: false,
      passwordHash: await hashPassword(randomUUID()),
      searchString: `BENCHDRAW-${suffix}`,
      mobileMoneyNumber: '231886000002',
    },
    now,
    [{ kind: 'searchString', value: `BENCHDRAW-${suffix}`, field: 'search_string' }],
  );
  const promotion = await createPromotion(
    { title: `Bench Draw ${suffix}`, priceLrdCents: 10_000, priceUsdCents: 50 },
    actor,
    now,
  );
  const assignment = await createAssignment(
    partner.id,
    promotion.id,
    {
      partnerBp: 1000,
      announcerBp: 0,
      sharedCode: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10),
      server: 'lonestar',
      threshold: 1,
      startingThreshold: 1,
      winnerAmountCents: 100_000,
    },
    actor,
    now,
  );
  return assignment.id;
}

const entryIdOf = (assignmentId: string, seq: number) => `bench-${assignmentId}-${seq}`;
const msisdnOf = (seq: number) => `23188${String(seq).padStart(7, '0')}`;
const ticketOf = (seq: number) => String(10_000_000_000_000 + seq);

/** Window 1's entries 1..size as settlement leaves them: window items, paid entries and the Merkle frontier. */
async function fillWindow(assignmentId: string, size: number): Promise<MerkleFrontier> {
  const seqs = Array.from({ length: size }, (_, i) => i + 1);
  // the seq items as settlement writes them: a run per full batch
  const runs = [];
  for (let from = 1; from <= size; from += MAX_BATCH) {
    const batch = seqs.slice(from - 1, from - 1 + MAX_BATCH).map((seq) => ({
      seq,
      entryId: entryIdOf(assignmentId, seq),
      ticketNumber: ticketOf(seq),
      msisdn: msisdnOf(seq),
    }));
    runs.push(...windowRunPuts(assignmentId, WINDOW_NO, batch, { once: false }).map((put) => put.Put!.Item!));
  }
  const items: Array<Record<string, unknown>> = [
    ...runs,
    ...seqs.map((seq) => paidEntry(assignmentId, seq, new Date().toISOString())),
  ];
  const batches: Array<typeof items> = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  await pool(batches, 16, async (batch) => {
    let request: Record<string, unknown[]> | undefined = {
      [tableName()]: batch.map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: request as never }));
      request = result.UnprocessedItems as typeof request;
    }
  });
  const frontier = await frontierAfter(
    { windowCount: 0 },
    seqs.map((seq) => ({ seq, ticketNumber: ticketOf(seq) })),
  );
  if (!frontier) throw new Error('no frontier for an empty window');
  return frontier;
}

/** The paid entry holding `seq` of window 1, never won. */
function paidEntry(assignmentId: string, seq: number, paidAt: string) {
  return {
    ...keys.entry(entryIdOf(assignmentId, seq)),
    entity: 'entry',
    id: entryIdOf(assignmentId, seq),
    assignmentId,
    status: 'paid',
    msisdn: msisdnOf(seq),
    ticketNumber: ticketOf(seq),
    windowNo: WINDOW_NO,
    seq,
    paidAt,
  };
}

/**
 * Reopen window 1 with all its entries and a fresh seed, as if it had just
 * filled up: the seed and commitment, the frontier, the previous winner paid
 * again, and no draw record or next-window seed left from the previous timed draw.
 */
async function reopenWindow(window: BenchWindow): Promise<void> {
  const { assignmentId, size } = window;
  const seedHex = randomBytes(32).toString('hex');
  const commitment = commitmentOf(seedHex);
  const now = new Date().toISOString();
  await Promise.all([
    db().send(new DeleteCommand({ TableName: tableName(), Key: keys.draw(drawIdOf(assignmentId, WINDOW_NO)) })),
    db().send(new DeleteCommand({ TableName: tableName(), Key: keys.windowSeed(assignmentId, WINDOW_NO + 1) })),
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.windowSeed(assignmentId, WINDOW_NO),
          entity: 'windowSeed',
          assignmentId,
          windowNo: WINDOW_NO,
          seedHex,
          commitment,
          createdAt: now,
        },
      }),
    ),
    window.lastWinningSeq === undefined
      ? undefined
      : db().send(
          new PutCommand({ TableName: tableName(), Item: paidEntry(assignmentId, window.lastWinningSeq, now) }),
        ),
  ]);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.assignment(assignmentId),
      UpdateExpression:
        'SET windowNo = :w, windowCount = :n, windowCommitment = :c, windowOpenedAt = :at, windowFrontier = :f',
      ExpressionAttributeValues: { ':w': WINDOW_NO, ':n': size, ':c': commitment, ':at': now, ':f': window.frontier },
    }),
  );
}

/** One drawn window of `size` paid entries, as the draws above leave theirs: its draw id (the record page's bench, bench/web.ts). */
export async function aBenchDraw(size = 100): Promise<string> {
  const assignmentId = await aBenchAssignment();
  const frontier = await fillWindow(assignmentId, size);
  await reopenWindow({ size, assignmentId, frontier, samples: [] });
  await conductThresholdDraw({ assignmentId, actor, now: new Date() });
  return drawIdOf(assignmentId, WINDOW_NO);
}

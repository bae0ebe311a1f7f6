import { BatchGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { routes } from '@shared/api/routes';
import { db, tableName } from '../functions/platform/dynamo';
import { reconcilePayments } from '../functions/modules/entries/reconcile-payments';
import { readSharedCode } from '../functions/modules/games/store/entry-context';
import { keys } from '../functions/platform/store/keys';
import { houseGameIds } from '@shared/games';
import { aBenchPromotionCode } from './fixtures';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { pool, round } from './stats';

/**
 * DESIGN section 9: paid entries settled per second end to end
 * (web request → simulator → callback → status query → settlement → SMS),
 * beside DynamoDB Local's own rate for TransactWriteItems of the same size
 * at the same concurrency, in the same run. Two loads: every entry into one
 * game (one hot draw window: the worst case) and entries spread over eight
 * partner promotions.
 *
 * "The same size" is the transaction ONE entry's settlement writes when it
 * is settled alone: 11 items for a house-game entry (entry, ticket, seq
 * item, assignment, 4 assignment and 3 platform counters), 13 for a partner
 * promotion paying its partner a share (+ balance and ledger line).
 * Settlement may put several entries of a window in one transaction
 * (modules/entries/settlement.ts); the comparison stays entries settled per second
 * against such one-entry transactions per second.
 *
 * Both sides are measured at their steady rate, after an unmeasured
 * warm-up of each kind (a cold DynamoDB Local commits a third as fast; the
 * end-to-end path, with a dozen kinds of request, takes a few hundred
 * entries to reach its pace). This machine's pace drifts from second to
 * second (shared cores), so the two sides alternate — raw, end to end, raw,
 * end to end, … — each end-to-end run is set against the mean of the raw
 * runs just before and just after it, and the median of three such ratios
 * is the figure: drift favours neither side, and one disturbed run does not
 * decide the result.
 */
export async function benchSettlement(baseUrl: string): Promise<BenchResult[]> {
  // a capacity measure, not players: its entries stay far below the providers' prompt rates
  // (1,500 a second each unless configured, functions/platform/prompt-rules.ts)
  return settlementFigures(baseUrl, []);
}

async function settlementFigures(baseUrl: string, results: BenchResult[]): Promise<BenchResult[]> {
  const codes = await Promise.all(Array.from({ length: 8 }, () => aBenchPromotionCode()));
  const promotions = await Promise.all(codes.map(async (code) => (await readSharedCode(code))!.assignmentId));
  const daily = [houseGameIds.daily.assignmentId];
  // warm-up, not measured, until both sides run at their steady rate: the raw transactions after ~300, the
  // end-to-end path (many more kinds of request, in DynamoDB Local and here) after ~600 entries
  await rawTransactionsPerSecond(300, 4, 11);
  await rawTransactionsPerSecond(150, 8, 13);
  for (let round = 0; round < 4; round += 1) {
    await endToEndPerSecond(baseUrl, 120, 4, [], daily);
    await endToEndPerSecond(baseUrl, 80, 8, codes, promotions);
  }
  for (const scenario of [
    {
      label: 'daily game only (one hot window)',
      entries: 120,
      concurrency: 4,
      codes: [] as string[],
      assignments: daily,
      items: 11,
    },
    { label: '8 partner promotions', entries: 160, concurrency: 8, codes, assignments: promotions, items: 13 },
  ]) {
    // one more unmeasured run of this very load, so its first measured run starts at pace too
    await endToEndPerSecond(baseUrl, scenario.entries, scenario.concurrency, scenario.codes, scenario.assignments);
    const raws = [await rawTransactionsPerSecond(scenario.entries, scenario.concurrency, scenario.items)];
    const runs: Array<{ raw: number; e2e: number; ratio: number }> = [];
    for (let run = 0; run < RUNS; run += 1) {
      const e2e = await endToEndPerSecond(
        baseUrl,
        scenario.entries,
        scenario.concurrency,
        scenario.codes,
        scenario.assignments,
      );
      raws.push(await rawTransactionsPerSecond(scenario.entries, scenario.concurrency, scenario.items));
      const raw = (raws[run]! + raws[run + 1]!) / 2;
      runs.push({ raw, e2e, ratio: e2e / raw });
    }
    const middle = [...runs].sort((x, y) => x.ratio - y.ratio)[Math.floor(RUNS / 2)]!;
    const all = (pick: (r: (typeof runs)[number]) => number) => runs.map((r) => round(pick(r))).join(', ');
    results.push(
      {
        name: `${scenario.label}: raw TransactWriteItems/s (${scenario.items} items, ${scenario.concurrency} in flight; runs ${raws.map((r) => round(r)).join(', ')})`,
        value: round(middle.raw),
        unit: 'tx/s',
      },
      {
        name: `${scenario.label}: entries settled/s end to end (${scenario.entries} a run; runs ${all((r) => r.e2e)})`,
        value: round(middle.e2e),
        unit: 'entries/s',
      },
      {
        name: `${scenario.label}: settled ÷ raw (median of ${RUNS}: ${runs.map((r) => round(r.ratio, 2)).join(', ')})`,
        value: round(middle.ratio, 2),
        unit: '×',
        bar: '≥ 0.5',
        pass: middle.ratio >= 0.5,
      },
    );
  }
  return results;
}

/** End-to-end runs per scenario, each between two raw runs; the median ratio is reported. */
const RUNS = 3;

/** DynamoDB Local's own rate for one-entry-sized transactions (`items` new items each), `concurrency` in flight. */
export async function rawTransactionsPerSecond(count: number, concurrency: number, items: number): Promise<number> {
  const started = performance.now();
  await pool(Array.from({ length: count }), concurrency, async () => {
    const id = randomUUID();
    await db().send(
      new TransactWriteCommand({
        TransactItems: Array.from({ length: items }, (_, i) => ({
          Put: {
            TableName: tableName(),
            Item: { pk: `BENCHRAW#${id}`, sk: `ITEM#${i}`, value: i },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        })),
      }),
    );
  });
  return count / ((performance.now() - started) / 1000);
}

/** Entries paid so far in these assignments: one small batch read (polled; the bench's own load stays light). */
async function paidIn(assignmentIds: readonly string[]): Promise<number> {
  const result = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: assignmentIds.map((id) => keys.assignment(id)),
          ProjectionExpression: 'paidEntries',
          ConsistentRead: true,
        },
      },
    }),
  );
  if (Object.keys(result.UnprocessedKeys ?? {}).length > 0) return paidIn(assignmentIds);
  return (result.Responses?.[tableName()] ?? []).reduce((sum, item) => sum + Number(item.paidEntries ?? 0), 0);
}

async function endToEndPerSecond(
  baseUrl: string,
  count: number,
  concurrency: number,
  codes: string[],
  assignmentIds: readonly string[],
): Promise<number> {
  const before = await paidIn(assignmentIds);
  const client = new BenchClient(baseUrl);
  // distinct numbers: at most 3 payment requests per number per 10 minutes
  const numbers = Array.from({ length: count }, () => `23188${randomInt(1_000_000, 9_999_999)}`);
  const started = performance.now();
  await pool(numbers, concurrency, async (mobile, i) => {
    // distinct players on their own addresses (per-address prompt limits, DESIGN section 7)
    const from = {
      'cloudfront-viewer-address': `100.64.${randomInt(256)}.${randomInt(1, 255)}:${randomInt(1024, 65535)}`,
    };
    const response =
      codes.length > 0
        ? await client.request(
            'POST',
            routes.codeEntry.path,
            { mobile_number: mobile, shared_code: codes[i % codes.length], currency: 'LRD' },
            from,
          )
        : await client.request(
            'POST',
            routes.dailyDrawEntry.path,
            { mobile_number: mobile, amount: '100.00|LRD' },
            from,
          );
    if (response.status !== 202) throw new Error(`entry refused: ${response.status} ${response.text}`);
  });
  const deadline = Date.now() + 180_000;
  let lastPaid = -1;
  let stalledSince = Date.now();
  for (;;) {
    const paid = (await paidIn(assignmentIds)) - before;
    if (paid >= count) break;
    if (Date.now() > deadline) throw new Error(`only ${paid} of ${count} entries settled in 180 s`);
    if (paid !== lastPaid) {
      lastPaid = paid;
      stalledSince = Date.now();
    } else if (Date.now() - stalledSince > 3000) {
      // callbacks are done; what the stream did not settle, reconciliation settles (as the minute job would)
      await reconcilePayments(new Date(Date.now() + 61_000));
      stalledSince = Date.now();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return count / ((performance.now() - started) / 1000);
}

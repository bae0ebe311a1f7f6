import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt, randomUUID } from 'node:crypto';
import { routes } from '../shared/api/routes';
import { db, tableName } from '../functions/lib/dynamo';
import { reconcilePayments } from '../functions/jobs/reconcile-payments';
import { listAssignments } from '../functions/store/assignments';
import { aBenchPromotionCode } from './fixtures';
import { BenchClient } from './http-client';
import type { BenchResult } from './result';
import { pool, round } from './stats';

/**
 * Issue 5 / DESIGN section 9: paid entries settled per second end to end
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
 * (play/settlement.ts); the comparison stays entries settled per second
 * against such one-entry transactions per second.
 *
 * Both sides are measured at their steady rate, after an unmeasured
 * warm-up of each kind (a cold DynamoDB Local commits a third as fast; the
 * end-to-end path, with a dozen kinds of request, takes a few hundred
 * entries to reach its pace), and the raw rate is the mean of a run just
 * before and one just after the end-to-end run, so the machine's drift
 * between them (other work on shared cores) favours neither side.
 */
export async function benchSettlement(baseUrl: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const codes = await Promise.all(Array.from({ length: 8 }, aBenchPromotionCode));
  // warm-up, not measured, until both sides run at their steady rate: the raw transactions after ~300, the
  // end-to-end path (many more kinds of request, in DynamoDB Local and here) after ~600 entries
  await rawTransactionsPerSecond(300, 4, 11);
  await rawTransactionsPerSecond(150, 8, 13);
  for (let round = 0; round < 4; round += 1) {
    await endToEndPerSecond(baseUrl, 120, 4, []);
    await endToEndPerSecond(baseUrl, 80, 8, codes);
  }
  for (const scenario of [
    { label: 'daily game only (one hot window)', entries: 120, concurrency: 4, codes: [] as string[], items: 11 },
    { label: '8 partner promotions', entries: 160, concurrency: 8, codes, items: 13 },
  ]) {
    const rawBefore = await rawTransactionsPerSecond(scenario.entries, scenario.concurrency, scenario.items);
    const e2e = await endToEndPerSecond(baseUrl, scenario.entries, scenario.concurrency, scenario.codes);
    const rawAfter = await rawTransactionsPerSecond(scenario.entries, scenario.concurrency, scenario.items);
    const raw = (rawBefore + rawAfter) / 2;
    const ratio = e2e / raw;
    results.push(
      {
        name: `${scenario.label}: raw TransactWriteItems/s (${scenario.items} items, ${scenario.concurrency} in flight; before ${round(rawBefore)}, after ${round(rawAfter)})`,
        value: round(raw),
        unit: 'tx/s',
      },
      { name: `${scenario.label}: entries settled/s end to end (${scenario.entries})`, value: round(e2e), unit: 'entries/s' },
      { name: `${scenario.label}: settled ÷ raw`, value: round(ratio, 2), unit: '×', bar: '≥ 0.5', pass: ratio >= 0.5 },
    );
  }
  return results;
}

async function rawTransactionsPerSecond(count: number, concurrency: number, items: number): Promise<number> {
  const started = performance.now();
  await pool(Array.from({ length: count }), concurrency, async () => {
    const id = randomUUID();
    await db().send(
      new TransactWriteCommand({
        TransactItems: Array.from({ length: items }, (_, i) => ({
          Put: { TableName: tableName(), Item: { pk: `BENCHRAW#${id}`, sk: `ITEM#${i}`, value: i }, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
      }),
    );
  });
  return count / ((performance.now() - started) / 1000);
}

async function totalPaid(): Promise<number> {
  return (await listAssignments()).reduce((sum, a) => sum + a.paidEntries, 0);
}

async function endToEndPerSecond(baseUrl: string, count: number, concurrency: number, codes: string[]): Promise<number> {
  const before = await totalPaid();
  const client = new BenchClient(baseUrl);
  // distinct numbers: at most 3 payment requests per number per 10 minutes
  const numbers = Array.from({ length: count }, () => `23188${randomInt(1_000_000, 9_999_999)}`);
  const started = performance.now();
  await pool(numbers, concurrency, async (mobile, i) => {
    const response = codes.length > 0
      ? await client.request('POST', routes.codeEntry.path, { mobile_number: mobile, shared_code: codes[i % codes.length], currency: 'LRD' })
      : await client.request('POST', routes.dailyDrawEntry.path, { mobile_number: mobile, amount: '100.00|LRD' });
    if (response.status !== 201) throw new Error(`entry refused: ${response.status} ${response.text}`);
  });
  const deadline = Date.now() + 180_000;
  let lastPaid = -1;
  let stalledSince = Date.now();
  for (;;) {
    const paid = (await totalPaid()) - before;
    if (paid >= count) break;
    if (Date.now() > deadline) throw new Error(`only ${paid} of ${count} entries settled in 180 s`);
    if (paid !== lastPaid) {
      lastPaid = paid;
      stalledSince = Date.now();
    } else if (Date.now() - stalledSince > 3000) {
      // callbacks are done; what a busy window deferred, reconciliation settles (as the minute job would)
      await reconcilePayments(new Date(Date.now() + 61_000));
      stalledSince = Date.now();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return count / ((performance.now() - started) / 1000);
}

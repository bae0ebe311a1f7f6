import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Entry, failEntry, putPendingEntry, reconcileEntry } from '../../functions/modules/entries';
import { eventually } from '../support/eventually';
import { aPlayerNumber, aUniquePlayerNumber, enterHouseGame, settledState } from '../support/play';
import { sharedStack } from '../support/stack-target';

/** One EMF line the local stack's functions wrote (functions/platform/metrics.ts; the test stack sends them to a file). */
type EmfLine = Record<string, unknown> & {
  _aws: {
    CloudWatchMetrics: Array<{
      Namespace: string;
      Dimensions: string[][];
      Metrics: Array<{ Name: string; Unit: string }>;
    }>;
  };
};

const emfLines = (): EmfLine[] => {
  const file = sharedStack().metricsLog;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as EmfLine);
};

/** The line recording `metric` for this entry (its id is the line's correlation id, or one of a batch's). */
const lineFor = (metric: string, entryId: string) => (lines: EmfLine[]) =>
  lines.find(
    (line) =>
      metric in line &&
      (line.correlationId === entryId ||
        String(line.correlationIds ?? '')
          .split(',')
          .includes(entryId)),
  );

const metricNames = (line: EmfLine) => line._aws.CloudWatchMetrics[0]!.Metrics.map((m) => m.Name);

describe('the money path writes its metrics as CloudWatch EMF lines (shared/metrics.ts)', () => {
  it('a paid entry: started, then settled with its stake and latency by game and provider, then its ticket SMS sent', async () => {
    const response = await enterHouseGame('daily', aUniquePlayerNumber(), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    expect((await settledState(entryId)).status).toBe('paid');

    const started = lineFor(
      'EntriesStarted',
      entryId,
    )(await eventually(emfLines, (lines) => lineFor('EntriesStarted', entryId)(lines) !== undefined));
    expect(started).toMatchObject({
      service: 'raffle',
      stage: 'local',
      game: 'daily',
      provider: 'mtn',
      EntriesStarted: 1,
    });

    const settled = lineFor(
      'EntriesSettled',
      entryId,
    )(await eventually(emfLines, (lines) => lineFor('EntriesSettled', entryId)(lines) !== undefined))!;
    expect(settled._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'Raffle',
        // the totals alarms read, and the split by game and provider the dashboard shows
        Dimensions: [
          ['service', 'stage'],
          ['service', 'stage', 'game', 'provider'],
        ],
        Metrics: [
          { Name: 'EntriesSettled', Unit: 'Count' },
          { Name: 'StakesSettledLrdCents', Unit: 'Count' },
          { Name: 'SettleLatency', Unit: 'Milliseconds' },
        ],
      },
    ]);
    // a batch may take other players' entries of the same window: one stake and one latency per entry
    const batch = String(settled.correlationIds).split(',').length;
    expect(settled).toMatchObject({
      service: 'raffle',
      stage: 'local',
      game: 'daily',
      provider: 'mtn',
      EntriesSettled: batch,
    });
    expect(settled.StakesSettledLrdCents).toBe(batch * 10_000);
    const latencies = ([] as number[]).concat(settled.SettleLatency as number | number[]);
    expect(latencies).toHaveLength(batch);
    for (const ms of latencies) expect(ms).toBeGreaterThanOrEqual(0);

    const sms = lineFor(
      'SmsSent',
      entryId,
    )(await eventually(emfLines, (lines) => lineFor('SmsSent', entryId)(lines) !== undefined));
    expect(sms).toMatchObject({ purpose: 'ticket', SmsSent: 1 });
    expect(metricNames(sms!)).toEqual(['SmsSent']);
  });

  it('a declined payment: EntriesFailed with the reason, and the provider calls counted', async () => {
    const response = await enterHouseGame('daily', await aPlayerNumber('decline'), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    expect((await settledState(entryId)).status).toBe('failed');

    const failed = lineFor(
      'EntriesFailed',
      entryId,
    )(await eventually(emfLines, (lines) => lineFor('EntriesFailed', entryId)(lines) !== undefined));
    expect(failed).toMatchObject({ game: 'daily', provider: 'mtn', EntriesFailed: 1, reason: expect.any(String) });
    expect(emfLines().some((line) => line.provider === 'mtn' && line.ProviderCalls === 1)).toBe(true);
  });
});

describe('errors are logged as objects, with the correlation id of what failed', () => {
  it('a reconciliation that throws logs the error with its stack and the entry id', async () => {
    // a pending entry on a number no provider serves: asking about it throws (no provider to ask)
    const entry: Entry = {
      id: crypto.randomUUID(),
      assignmentId: 'house-daily',
      promotionId: 'house-daily',
      partnerId: 'house',
      game: 'daily',
      msisdn: '231990000001',
      currency: 'LRD',
      amountCents: 10_000,
      rateMilli: 200_000,
      channel: 'web',
      status: 'pending',
      callbackSecretHash: 'x',
      createdAt: new Date(Date.now() - 120_000).toISOString(),
    };
    await putPendingEntry(entry);

    const written: string[] = [];
    const capture = (stream: NodeJS.WriteStream) => {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        written.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      return () => void (stream.write = write);
    };
    const restore = [capture(process.stdout), capture(process.stderr)];
    let outcome;
    try {
      outcome = await reconcileEntry(entry.id, new Date());
    } finally {
      for (const undo of restore) undo();
      // out of the pending index, so other tests' reconciliation runs do not meet it
      await failEntry(entry.id, 'EXPIRED', new Date());
    }

    expect(outcome).toBe('error');
    const log = written
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, any>)
      .find((line) => line.message === 'reconciliation of an entry failed');
    expect(log).toMatchObject({ level: 'ERROR', correlationId: entry.id, entryId: entry.id });
    expect(log!.error).toMatchObject({
      name: 'ProviderNotAvailableError',
      message: expect.stringMatching(/No mobile-money provider/),
    });
    expect(log!.error.stack).toMatch(/providers\.ts/);
  });
});

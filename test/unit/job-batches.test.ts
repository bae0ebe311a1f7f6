import { describe, expect, it } from 'vitest';
import { JOB_CONCURRENCY } from '../../functions/platform/bounded-batch';
import { reconcilePayouts } from '../../functions/modules/payouts/reconcile-payouts';
import { reconcilePayments } from '../../functions/modules/entries/reconcile-payments';

/**
 * A stand-in for the mobile-money provider (a third party): each status query
 * stays in flight until the test lets it go, and the provider answers
 * `answer`. It counts how many are in flight at once, and each round of
 * answers moves the fake clock on by `callMs` (an outage: every call takes the
 * adapter's 8 s, the calls of one round side by side).
 */
function slowProvider<A extends string>(answer: A, callMs = 0) {
  let now = 0;
  let inFlight = 0;
  const seen = { maxInFlight: 0, calls: 0 };
  const waiting: Array<() => void> = [];
  return {
    seen,
    clock: () => now,
    async call(): Promise<A> {
      inFlight += 1;
      seen.calls += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
      await new Promise<void>((release) => waiting.push(release));
      inFlight -= 1;
      return answer;
    },
    /** Answers every waiting call, over and over, until `run` finishes. */
    async drive<T>(run: Promise<T>): Promise<T> {
      let done = false;
      const finished = run.finally(() => {
        done = true;
      });
      while (!done) {
        const round = waiting.splice(0);
        if (round.length > 0) now += callMs;
        for (const release of round) release();
        await new Promise((tick) => setImmediate(tick));
      }
      return finished;
    },
  };
}

const ids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('reconcile-payments job', () => {
  it(`asks the provider about ${JOB_CONCURRENCY} payments at a time, never more, and reaches all of them`, async () => {
    const provider = slowProvider('settled' as const);
    const result = await provider.drive(
      reconcilePayments(new Date(), {
        pendingBefore: async () => ids(30, 'E'),
        confirm: () => provider.call(),
      }),
    );
    expect(provider.seen).toEqual({ maxInFlight: JOB_CONCURRENCY, calls: 30 });
    expect(result).toMatchObject({ settled: 30, notReached: 0, backlog: 0 });
  });

  it('during an outage (8 s a call) stops starting calls when the budget is spent and reports the backlog', async () => {
    const provider = slowProvider('unreachable' as const, 8_000);
    const result = await provider.drive(
      reconcilePayments(
        new Date(),
        {
          pendingBefore: async () => ids(200, 'E'),
          confirm: () => provider.call(),
        },
        { budgetMs: 45_000, clock: provider.clock },
      ),
    );
    // one at a time that budget reached 6; eight at a time it reaches every call started before 45 s
    expect(provider.seen.maxInFlight).toBe(JOB_CONCURRENCY);
    expect(provider.seen.calls).toBeGreaterThan(6 * JOB_CONCURRENCY - 8);
    expect(provider.seen.calls).toBeLessThan(200);
    expect(result).toMatchObject({
      unreachable: provider.seen.calls,
      notReached: 200 - provider.seen.calls,
      backlog: 200,
    });
  });

  it('counts a payment whose reconciliation throws and carries on with the rest', async () => {
    let n = 0;
    const result = await reconcilePayments(new Date(), {
      pendingBefore: async () => ids(5, 'E'),
      confirm: async () => {
        n += 1;
        if (n === 2) throw new Error('boom');
        return 'failed';
      },
    });
    expect(result).toMatchObject({ failed: 4, error: 1, backlog: 1 });
  });
});

describe('reconcile-payouts job', () => {
  it(`asks the provider about ${JOB_CONCURRENCY} transfers at a time, never more, and reaches all of them`, async () => {
    const provider = slowProvider('paid' as const);
    const result = await provider.drive(
      reconcilePayouts(new Date(), {
        startDuePrizes: async () => ({}),
        pendingBefore: async () => ids(30, 'P'),
        confirm: () => provider.call(),
      }),
    );
    expect(provider.seen).toEqual({ maxInFlight: JOB_CONCURRENCY, calls: 30 });
    expect(result).toMatchObject({ inFlight: { paid: 30 }, notReached: 0, backlog: 0 });
  });

  it('during an outage stops at the budget and reports the transfers still in flight as backlog', async () => {
    const provider = slowProvider('pending' as const, 8_000);
    const result = await provider.drive(
      reconcilePayouts(
        new Date(),
        { startDuePrizes: async () => ({}), pendingBefore: async () => ids(120, 'P'), confirm: () => provider.call() },
        { budgetMs: 45_000, clock: provider.clock },
      ),
    );
    expect(provider.seen.maxInFlight).toBe(JOB_CONCURRENCY);
    expect(provider.seen.calls).toBeLessThan(120);
    expect(result).toMatchObject({ notReached: 120 - provider.seen.calls, backlog: 120 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRAME_BUDGET, type FrameVerdict, frameVerdict, fullAtAfterFrame } from '@shared/frame-budget';

/** Frames sent at these times (ms, ascending) to one connection: each frame's verdict, as the ws Lambda reaches it. */
function verdicts(times: readonly number[]): FrameVerdict[] {
  let fullAt: number | undefined;
  return times.map((now) => {
    fullAt = fullAtAfterFrame(fullAt, now);
    return frameVerdict(fullAt, now);
  });
}

const { burst, perSecond, refusalsBeforeClose } = FRAME_BUDGET;
const at = (n: number, now = 1_000_000) => Array.from({ length: n }, () => now);

describe('the WebSocket frame budget (shared/frame-budget.ts)', () => {
  it(`takes a burst of ${burst} at once, refuses the next ${refusalsBeforeClose}, then closes once and stays closing`, () => {
    const got = verdicts(at(burst + refusalsBeforeClose + 3));
    expect(got.slice(0, burst)).toEqual(at(burst).map(() => 'allowed'));
    expect(got.slice(burst, burst + refusalsBeforeClose)).toEqual(at(refusalsBeforeClose).map(() => 'refused'));
    expect(got.slice(burst + refusalsBeforeClose)).toEqual(['close', 'closing', 'closing']);
  });

  it(`refills ${perSecond} frames a second: after a spent burst, one frame per refill interval is taken`, () => {
    const start = 1_000_000;
    const interval = 1000 / perSecond;
    const got = verdicts([...at(burst, start), start + interval, start + interval, start + 3 * interval]);
    expect(got.slice(burst)).toEqual(['allowed', 'refused', 'allowed']);
  });

  it('never refuses a client that keeps to the refill rate, however long it runs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1000 / perSecond, max: 60_000 }), { maxLength: 500 }), (gaps) => {
        let now = 0;
        const times = gaps.map((gap) => (now += gap));
        expect(verdicts(times).every((v) => v === 'allowed')).toBe(true);
      }),
    );
  });

  it('lets through at most the burst plus one frame per refill interval of any stretch of time, and closes a flood', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 250 }), { minLength: 1, maxLength: 400 }), (gaps) => {
        let now = 0;
        const times = gaps.map((gap) => (now += gap));
        const got = verdicts(times);
        // frames taken within [0, t] never outnumber the burst plus the refill over t (the token bucket's bound)
        let taken = 0;
        times.forEach((t, i) => {
          if (got[i] === 'allowed') taken += 1;
          expect(taken).toBeLessThanOrEqual(burst + Math.floor((t - times[0]!) / (1000 / perSecond)) + 1);
        });
        // the first frame past the refusals is the one 'close' (it sends the last message), after every refusal
        const closeAt = got.indexOf('close');
        const firstClosing = got.indexOf('closing');
        if (firstClosing >= 0) expect(closeAt).toBeGreaterThanOrEqual(0);
        if (firstClosing >= 0) expect(closeAt).toBeLessThan(firstClosing);
        if (closeAt >= 0)
          expect(got.slice(0, closeAt).filter((v) => v === 'refused').length).toBeGreaterThanOrEqual(
            refusalsBeforeClose,
          );
      }),
    );
  });
});

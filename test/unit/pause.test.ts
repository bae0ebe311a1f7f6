import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jitteredBackoff, sleep } from '../../functions/platform/pause';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** How long a pause lasts on the fake clock. */
async function lengthOf(pause: Promise<void>): Promise<number> {
  const start = Date.now();
  let done = false;
  void pause.then(() => (done = true));
  while (!done) await vi.advanceTimersToNextTimerAsync();
  return Date.now() - start;
}

describe('sleep', () => {
  it('resolves after the given time, not before', async () => {
    expect(await lengthOf(sleep(250))).toBe(250);
  });
});

describe('jitteredBackoff', () => {
  it('pauses a random share of baseMs·2^attempt', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(await lengthOf(jitteredBackoff(0, 10, 200))).toBe(5);
    expect(await lengthOf(jitteredBackoff(3, 10, 200))).toBe(40);
  });

  it('never waits longer than capMs, however many attempts failed', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    expect(await lengthOf(jitteredBackoff(40, 5, 80))).toBeLessThan(80);
    expect(await lengthOf(jitteredBackoff(40, 5, 80))).toBeGreaterThanOrEqual(79);
  });
});

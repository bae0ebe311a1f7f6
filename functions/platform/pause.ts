/** Waiting without blocking: the one place the functions turn a delay into a promise. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An exponential backoff delay with jitter: up to baseMs·2^attempt, never
 * more than capMs, at least `floor` (a fraction) of that. Floor 0 is "full
 * jitter"; ½ still spreads retries out but keeps each wait growing.
 */
export const jitteredDelayMs = (attempt: number, baseMs: number, capMs: number, floor = 0): number => {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return ceiling * (floor + (1 - floor) * Math.random());
};

/**
 * "Full jitter" exponential backoff between attempts on contended items:
 * a random pause up to baseMs·2^attempt, never more than capMs. Writers that
 * lost the same race spread out instead of colliding again.
 */
export const jitteredBackoff = (attempt: number, baseMs: number, capMs: number): Promise<void> =>
  sleep(jitteredDelayMs(attempt, baseMs, capMs));

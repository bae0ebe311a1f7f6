/** Waiting without blocking: the one place the functions turn a delay into a promise. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Full jitter" exponential backoff between attempts on contended items:
 * a random pause up to baseMs·2^attempt, never more than capMs. Writers that
 * lost the same race spread out instead of colliding again.
 */
export const jitteredBackoff = (attempt: number, baseMs: number, capMs: number): Promise<void> =>
  sleep(Math.random() * Math.min(capMs, baseMs * 2 ** attempt));

import { jitteredBackoff } from './pause';

/** What an attempt returns to be tried again (see `contended` and `readAgain`). */
class TryAgain {
  constructor(
    readonly backOff: boolean,
    readonly cause?: unknown,
  ) {}
}

/**
 * The attempt lost a race to another writer: back off, and count it toward
 * the limit. `cause`: what is thrown when the limit is reached and the
 * caller names no refusal of its own (`exhausted`).
 */
export const contended = (cause?: unknown): TryAgain => new TryAgain(true, cause);

/** The attempt found work in its way and finished it (entries still moving): read again at once, no backoff. */
export const readAgain: TryAgain = new TryAgain(false);

export interface RetryOptions {
  /** Attempts before giving up (a `readAgain` uses one up too, but never gives up by itself). */
  attempts: number;
  /** The jittered backoff after attempt n: up to baseMs·2^n, never over capMs (platform/pause.ts). */
  baseMs: number;
  capMs: number;
  /** What to throw once the last attempt was contended too (default: that attempt's `cause`). */
  exhausted?: () => unknown;
  /** A thrown error that is a lost race too, to try again the same way (default: none; every error is thrown). */
  thrownContended?: (error: unknown) => boolean;
}

/**
 * The one retry loop for a contended write (DynamoDB cancels the loser of a
 * race rather than waiting): run `work(attempt)` (1-based) until it returns
 * a value, backing off with jitter after each contended attempt so that
 * writers that lost the same race spread out. State an attempt must carry to
 * the next (the beacon round a draw already used) lives in the caller's
 * closure: this loop only counts and waits.
 */
export async function retryOnConflict<T>(
  work: (attempt: number) => Promise<T | TryAgain>,
  options: RetryOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let result: T | TryAgain;
    try {
      result = await work(attempt);
    } catch (error) {
      if (!options.thrownContended?.(error) || attempt >= options.attempts) throw error;
      await jitteredBackoff(attempt, options.baseMs, options.capMs);
      continue;
    }
    if (!(result instanceof TryAgain)) return result;
    if (!result.backOff) continue;
    if (attempt >= options.attempts) throw options.exhausted ? options.exhausted() : result.cause;
    await jitteredBackoff(attempt, options.baseMs, options.capMs);
  }
}

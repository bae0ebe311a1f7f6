import type { ServerResponse } from 'node:http';
import * as z from 'zod';
import { send } from './sim-http';

/**
 * How the MTN MoMo simulator lags and pushes back like MTN (DESIGN section 8,
 * "facts that lose money when ignored"), each set at start or at run time
 * through `POST /__sim/lag` (README "MoMo simulator"):
 * - `indexMs`: a new reference answers its status query 404 this long after
 *   its 202 (MTN indexes the request first), collections and transfers alike;
 * - `burstPerSecond`: more API calls than this in one second are answered
 *   429 with `Retry-After` (0: no limit);
 * - `refuseTokens`: the next this-many token requests answer 401, as after a
 *   rotated key (the call also revokes every token issued so far).
 */
export interface MomoLag {
  indexMs: number;
  burstPerSecond: number;
  refuseTokens: number;
}

export const lagSchema = z.strictObject({
  indexMs: z.number().int().min(0).max(600_000).optional(),
  burstPerSecond: z.number().int().min(0).max(100_000).optional(),
  refuseTokens: z.number().int().min(0).max(100_000).optional(),
});

/** MTN's 429 tells the caller to wait at least this long (seconds). */
const RETRY_AFTER_SECONDS = 1;

export class MomoLagState {
  readonly lag: MomoLag;
  private windowStart = 0;
  private windowCalls = 0;
  /** 429s answered (local view for tests and the bench). */
  throttled = 0;
  /** Token requests refused on demand. */
  tokensRefused = 0;

  constructor(initial: Partial<MomoLag> = {}) {
    this.lag = {
      indexMs: initial.indexMs ?? Number(process.env.MOMO_SIM_INDEX_LAG_MS ?? 0),
      burstPerSecond: initial.burstPerSecond ?? 0,
      refuseTokens: initial.refuseTokens ?? 0,
    };
  }

  set(change: z.infer<typeof lagSchema>): MomoLag {
    Object.assign(this.lag, Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)));
    return { ...this.lag };
  }

  /** A young reference MTN still indexes: its status query answers 404. */
  stillIndexing(createdAt: string): boolean {
    return this.lag.indexMs > 0 && Date.now() - Date.parse(createdAt) < this.lag.indexMs;
  }

  /** Answers 429 with Retry-After (and true) when this call is one too many for the current second. */
  throttle(res: ServerResponse): boolean {
    if (this.lag.burstPerSecond <= 0) return false;
    const now = Date.now();
    if (now - this.windowStart >= 1000) [this.windowStart, this.windowCalls] = [now, 0];
    this.windowCalls += 1;
    if (this.windowCalls <= this.lag.burstPerSecond) return false;
    this.tooMany(res);
    return true;
  }

  /** MTN's 429, with Retry-After (counted as throttled). */
  tooMany(res: ServerResponse): void {
    this.throttled += 1;
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    send(res, 429, { code: 'TOO_MANY_REQUESTS', message: 'Rate limit is exceeded. Try again later.' });
  }

  /** Answers 401 (and true) while token requests are to be refused. */
  refuseToken(res: ServerResponse): boolean {
    if (this.lag.refuseTokens <= 0) return false;
    this.lag.refuseTokens -= 1;
    this.tokensRefused += 1;
    send(res, 401, { error: 'Access denied due to invalid subscription key or credentials' });
    return true;
  }
}

/**
 * The WebSocket frame budget (DESIGN section 7: "Each WebSocket connection has
 * a frame budget: a flood slows or closes that connection, never the
 * others"). One place for its numbers: the ws Lambda keeps the budget in the
 * connection's own item (modules/live), the local gateway bounds each
 * socket's queue by it (infra/local/websocket-api.ts).
 *
 * A staff tab sends a handful of subscribe/unsubscribe frames a minute and at
 * most MAX_SUBSCRIPTIONS_PER_CONNECTION (20) at once, when it reconnects and
 * subscribes to every topic again: so a burst of 20, refilled at 5 a second
 * (a screen change every 200 ms is faster than anyone clicks). Frames over
 * the budget are refused with an {error} and still count, so a socket that
 * keeps sending stays refused; 20 refusals beyond the burst without pausing
 * is no client of ours, and the connection is closed.
 */
export const FRAME_BUDGET = {
  /** Frames a quiet connection may send at once. */
  burst: 20,
  /** Frames per second the budget refills. */
  perSecond: 5,
  /** Refused frames (beyond the refill) after which the connection is closed. */
  refusalsBeforeClose: 20,
} as const;

/**
 * What a socket over its budget is told (the server's words, shown by no
 * screen: here, not in shared/messages.ts, which the home page's entry chunk
 * carries whole).
 */
export const frameBudgetMessages = {
  /** A refused frame's {error}. */
  tooManyFrames: `Too many messages on this connection: at most ${FRAME_BUDGET.perSecond} a second. This one was not read.`,
  /** The last message before the close. */
  closedForFlood: 'This connection sent too many messages and is closed. Reconnect to continue.',
} as const;

const INTERVAL_MS = 1000 / FRAME_BUDGET.perSecond;

/**
 * `close`: this frame spent the last refusal — answer it with the last
 * message and close; `closing`: a later one, in flight while the close runs
 * (or after a close that failed) — close again, say nothing more.
 */
export type FrameVerdict = 'allowed' | 'refused' | 'close' | 'closing';

/**
 * The budget as a token bucket in GCRA form: one number per connection, the
 * time at which its bucket would be full again (`fullAt`, epoch ms). Each
 * frame, answered or refused, moves it one refill interval later, starting
 * from now if it is already past. Storing one time rather than tokens and a
 * last-refill time is what lets DynamoDB keep it with one conditional update.
 */
export function fullAtAfterFrame(fullAt: number | undefined, now: number): number {
  return Math.max(fullAt ?? now, now) + INTERVAL_MS;
}

/** What to do with the frame that moved the bucket's `fullAt` to this (from fullAtAfterFrame). */
export function frameVerdict(fullAt: number, now: number): FrameVerdict {
  const owed = (fullAt - now) / INTERVAL_MS;
  if (owed <= FRAME_BUDGET.burst) return 'allowed';
  const limit = FRAME_BUDGET.burst + FRAME_BUDGET.refusalsBeforeClose;
  if (owed <= limit) return 'refused';
  return owed <= limit + 1 ? 'close' : 'closing';
}

/** The refill interval in ms (the store moves `fullAt` by it). */
export const FRAME_INTERVAL_MS = INTERVAL_MS;

import * as z from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * The on-air draw (issue 36): the announcer's broadcast screen, read from the
 * server at every step so a reload resumes there, and a draw looked up by its
 * code (`/d/<code>`, USSD, SMS).
 */
const broadcastClose = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: z.string(),
    draw_code: z.string(),
    /** Frozen at the close: the entries drawn among and the window's stakes. */
    entry_count: z.number(),
    stake_lrd: z.string(),
    merkle_root: z.string(),
    round: z.number(),
    /** When the round that decides the winner is published (the screen counts down to it). */
    round_at: z.string(),
    closed_at: z.string(),
  }),
);

const broadcastWinner = /* @__PURE__ */ lazySchema(() =>
  z.object({
    masked_number: z.string(),
    ticket: z.string(),
    winning_seq: z.number(),
    /** The short public record, `/d/<code>`. */
    short_path: z.string(),
    record_path: z.string(),
  }),
);

export const broadcastState = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** open: entries taken; closing: fixed, the round awaited; revealed: the winner is drawn. */
    step: z.enum(['open', 'closing', 'revealed']),
    promotion_title: z.string(),
    shared_code: z.string(),
    /** The server's clock, so the countdown does not trust the studio computer's. */
    server_time: z.string(),
    /** The open window now. */
    window: z.object({ entries: z.number(), stake_lrd: z.string(), required: z.number(), met: z.boolean() }),
    /** The latest on-air close of this promotion, while closing or once revealed. */
    close: broadcastClose.nullable(),
    winner: broadcastWinner.nullable(),
  }),
);
export type BroadcastState = z.infer<typeof broadcastState>;

/** GET /api/v1/public/draw-codes/:code: what a listener checks (winner masked; no ticket numbers). */
export const drawByCodeAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_code: z.string(),
    draw_id: z.string(),
    status: z.enum(['closing', 'drawn']),
    game: z.string(),
    title: z.string(),
    entry_count: z.number(),
    closed_at: z.string(),
    round_at: z.string().nullable(),
    winner: z.string().nullable(),
    winning_seq: z.number().nullable(),
    /** The full record page (`/draws/<id>`), once drawn. */
    record_path: z.string().nullable(),
  }),
);
export type DrawByCodeAnswer = z.infer<typeof drawByCodeAnswer>;

/** The incoming-message callback's answer (Africa's Talking needs only a 200). */
export const smsIncomingAnswer = /* @__PURE__ */ lazySchema(() => z.object({ received: z.literal(true) }));

import * as z from 'zod';
import { HOUSE_GAMES } from '../../games';
import { SHARED_CODE_MESSAGE, SHARED_CODE_PATTERN } from './catalog';
import { requiredText } from './common';
import type { DrawBeacon } from '../../fairness/beacon';
import { DRAW_METHODS, type InclusionProof } from '../../fairness/draw-method';
import { lazySchema } from './lazy-schema';
import { redrawMessages, VOID_REASONS } from '../../redraw';

/**
 * Draw requests and answers (spec sections 3 and 7). The server
 * decides a draw from its own data: thresholds, counts and flags a client
 * sends are accepted for the spec's sake and ignored.
 */

const sharedCode = /* @__PURE__ */ lazySchema(() =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().trim().regex(SHARED_CODE_PATTERN, SHARED_CODE_MESSAGE)),
);

/** Spec section 7 "Announcer draw": partner, threshold, starting_threshold, daily_draw, search_string, promotion_title, shared_code. */
export const announcerDrawBody = /* @__PURE__ */ lazySchema(() => z.object({ shared_code: sharedCode }));

/** Spec section 7 "Select winner": partner (its SearchString), threshold, dailyDraw; plus which promotion when it has several. */
export const selectWinnerBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    partner: requiredText(40),
    promotion: requiredText(64).optional(),
    shared_code: sharedCode.optional(),
    /** Sent as the spec names them; the draw decides from the server's own counters, so any value is ignored. */
    threshold: z.unknown().optional(),
    dailyDraw: z.unknown().optional(),
  }),
);

/** Spec section 7 "Clear partner draws": the partner's Username (its SearchString is accepted too). */
export const clearDrawBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    partnerUsername: requiredText(100),
    /** DESIGN section 4 "Clear draw": the paid entries carry into the next window (the default) or are refunded. */
    mode: z.enum(['carry', 'refund']).optional(),
  }),
);

/**
 * The clear dialog's first look: the partner (Username or SearchString, as
 * the clear takes it). The route's query names it loosely, so the spec's
 * "name the partner" message is still the one a missing partner gets; the
 * handler then checks it with `clearPreviewQuery`.
 */
export const clearPreviewSearch = /* @__PURE__ */ lazySchema(() => z.object({ partner: z.string().optional() }));
export const clearPreviewQuery = /* @__PURE__ */ lazySchema(() => z.object({ partner: requiredText(100) }));

/** How many paid tickets a clear of the partner's current draws affects, per promotion. */
export const clearPreviewAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    partner: z.string(),
    paid_tickets: z.number(),
    promotions: z.array(
      z.object({ promotion_title: z.string(), shared_code: z.string().optional(), paid_tickets: z.number() }),
    ),
  }),
);
export type ClearPreviewAnswer = z.infer<typeof clearPreviewAnswer>;

/** A clear's answer: the message, and what it did. */
export const clearDrawAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    mode: z.enum(['carry', 'refund']),
    promotions: z.number(),
    paid_tickets: z.number(),
  }),
);
export type ClearDrawAnswer = z.infer<typeof clearDrawAnswer>;

/** A drawn winner (spec section 3 "Winner", dashboard spelling). */
const drawWinner = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    draw_id: z.string(),
    partner_id: z.string(),
    /** As stored (231…): staff see full numbers. */
    mobile_number: z.string(),
    /** ISO time of the draw. */
    winner_selected: z.string(),
    /** LRD, "123.45". */
    winner_amount: z.string(),
  }),
);

/** PUT announcer draw → `{winner}`. */
export const drawAnswer = /* @__PURE__ */ lazySchema(() => z.object({ winner: drawWinner }));

/** PUT select-winner adds the admin list's spelling (spec: it reads winner.WinnerSelected). */
export const selectWinnerAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    winner: drawWinner.extend({
      MobileNumber: z.string(),
      PartnerID: z.string(),
      WinnerAmount: z.string(),
      WinnerSelected: z.string(),
      DrawID: z.string(),
    }),
  }),
);

const drawKind = /* @__PURE__ */ lazySchema(() => z.enum(['threshold', 'house', 'cleared']));

/** A drand round as a draw record names it (shared/fairness/beacon.ts). */
const drawBeacon = /* @__PURE__ */ lazySchema(
  () =>
    z.object({
      round: z.number(),
      randomness: z.string(),
      signature: z.string(),
      chain: z.object({ hash: z.string(), genesisTime: z.number(), period: z.number() }),
      url: z.string(),
    }) satisfies z.ZodType<DrawBeacon>,
);

/**
 * GET /api/v1/public/draws/{draw_id}: everything needed to redo the draw
 * (`npm run verify-draw`, the /draws/{id} page). Its fields are checked for
 * shape only: whether their values hold together is the verifier's verdict.
 */
export const publicDrawRecord = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: z.string(),
    /** The published method (shared/fairness/draw-method.ts). */
    method: z.enum(DRAW_METHODS),
    /** Its game's kind (shared/games.ts). */
    game: z.string(),
    promotion_title: z.string(),
    kind: drawKind,
    window_no: z.number(),
    /** Lowercase hex SHA-256 of the seed's bytes, shown while the window was open. */
    commitment: z.string(),
    /** The seed (64 hex characters), revealed by the draw. */
    seed: z.string().nullable(),
    /** Paid entries in the window when it closed. */
    window_count: z.number(),
    /** Entries drawn among: sequence numbers first_seq .. first_seq + entry_count - 1. */
    entry_count: z.number(),
    first_seq: z.number(),
    /**
     * House draws from the late-ticket rule on: the last seq paid before the draw moment (= first_seq +
     * entry_count - 1); the seqs after it were paid later and are in the next draw. Absent on older records.
     */
    last_seq: z.number().optional(),
    winning_seq: z.number().nullable(),
    /** Masked: first four and last two characters kept. */
    winner: z.string().nullable(),
    prize_lrd: z.string().nullable(),
    /** When the window opened (its commitment was public from then); null on records made before it was kept. */
    opened_at: z.string().nullable(),
    /** When the window stopped taking entries; null on commit-reveal-1 records. */
    closed_at: z.string().nullable(),
    /** Merkle root of the window's entries 1..window_count; null on commit-reveal-1 records. */
    merkle_root: z.string().nullable(),
    /** The beacon round drawn with; null when no winner was drawn or on commit-reveal-1 records. */
    beacon: drawBeacon.nullable(),
    /** Six characters from the Merkle root and the beacon round (shared/fairness/draw-code.ts); null without a winner or on older records (absent from answers made before it). */
    draw_code: z.string().nullable().optional(),
    drawn_at: z.string(),
    /** A winner voided for cause (issue 36): why, when, and the redraw that replaced it. */
    voided: z.object({ reason: z.enum(VOID_REASONS), at: z.string(), redraw_id: z.string() }).optional(),
    /** A redraw: the voided draw it replaces and why. */
    redraw_of: z.object({ draw_id: z.string(), reason: z.enum(VOID_REASONS) }).optional(),
    /** A redraw: the voided winners' seqs, passed over by the pick (shared/fairness/draw-method.ts step 5). */
    excluded_seqs: z.array(z.number()).optional(),
  }),
);
export type PublicDrawRecord = z.infer<typeof publicDrawRecord>;

/** GET /api/v1/public/draws/{draw_id}/proof/{ticket_hash}: one entry's inclusion proof (never the ticket numbers). */
export const publicInclusionProof = /* @__PURE__ */ lazySchema(
  () =>
    z.object({
      seq: z.number(),
      ticket_hash: z.string(),
      size: z.number(),
      proof: z.array(z.string()),
    }) satisfies z.ZodType<InclusionProof>,
);
export type PublicInclusionProof = z.infer<typeof publicInclusionProof>;

/** A window taking entries now, with the commitment to its seed (GET /api/v1/public/fair-draws). */
const publicOpenWindow = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The draw id this window will have. */
    draw_id: z.string(),
    /** Its game's kind (shared/games.ts). */
    game: z.string(),
    title: z.string(),
    partner: z.string(),
    opened_at: z.string(),
    commitment: z.string().nullable(),
    entries: z.number(),
  }),
);
export type PublicOpenWindow = z.infer<typeof publicOpenWindow>;

/** A closed draw in the Fair draws list. */
const publicClosedDraw = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: z.string(),
    game: z.string(),
    title: z.string(),
    kind: drawKind,
    closed_at: z.string(),
    entry_count: z.number(),
    winner: z.string().nullable(),
    commitment: z.string(),
    seed: z.string().nullable(),
    beacon_round: z.number().nullable(),
  }),
);
export type PublicClosedDraw = z.infer<typeof publicClosedDraw>;

export const publicFairDraws = /* @__PURE__ */ lazySchema(() =>
  z.object({ open: z.array(publicOpenWindow), draws: z.array(publicClosedDraw) }),
);
export type PublicFairDraws = z.infer<typeof publicFairDraws>;

/** A past house-game draw (GET /api/v1/public/results): its record is /draws/{draw_id}. */
const publicResult = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: z.string(),
    game: z.enum(HOUSE_GAMES),
    title: z.string(),
    drawn_at: z.string(),
    /** The winner's number masked as on the winners page; null when the draw had no ticket. */
    winner: z.string().nullable(),
    prize_lrd: z.string().nullable(),
  }),
);
export type PublicResult = z.infer<typeof publicResult>;

export const publicResults = /* @__PURE__ */ lazySchema(() => z.object({ results: z.array(publicResult) }));

/** One row of the `admin/winners` topic (spec section 3 "Winner"; DESIGN section 6). */
const adminWinnerRow = /* @__PURE__ */ lazySchema(() =>
  z.object({
    MobileNumber: z.string(),
    PartnerID: z.string(),
    PartnerUsername: z.string(),
    /** LRD, "123.45". */
    WinnerAmount: z.string(),
    /** ISO time of the draw. */
    WinnerSelected: z.string(),
    PromotionTitle: z.string(),
    DrawID: z.string(),
    PayoutStatus: z.string(),
  }),
);
export type AdminWinnerRow = z.infer<typeof adminWinnerRow>;

export { ADMIN_WINNERS_EVENT } from '../../topics';
/** The one event of `admin/winners`: the drawn winners, newest first. */
export const adminWinners = /* @__PURE__ */ lazySchema(() => z.object({ Winners: z.array(adminWinnerRow) }));

/** GET /api/v1/public/winners: recent winners (numbers masked) and real totals. */
export const publicWinnersAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** DrawID: the draw's public record (/draws/{DrawID}). */
    Winners: z.array(
      z.object({
        MobileNumber: z.string(),
        /** LRD, "123.45". */
        WinnerAmount: z.string(),
        /** ISO 8601 date and time. */
        WinnerSelected: z.string(),
        Game: z.string(),
        DrawID: z.string(),
      }),
    ),
    TotalWinners: z.number(),
    TotalPaidLRD: z.string(),
  }),
);
export type PublicWinnersAnswer = z.infer<typeof publicWinnersAnswer>;

/** Void a drawn winner for cause (issue 36 part 1): the draw, a reason from the fixed list, and a note. */
export const voidWinnerBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: requiredText(100),
    reason: z.enum(VOID_REASONS, { message: redrawMessages.badReason }),
    /** What was found (kept in the audit log; the public records show the reason only). */
    note: requiredText(1000),
  }),
);

export const voidWinnerAnswer = /* @__PURE__ */ lazySchema(() =>
  z.object({
    message: z.string(),
    voided_draw_id: z.string(),
    redraw: publicDrawRecord,
  }),
);

import * as z from 'zod';
import { SHARED_CODE_MESSAGE, SHARED_CODE_PATTERN } from './catalog';
import { requiredText } from './common';
import type { DrawBeacon } from '../../fairness/beacon';
import type { DrawMethod, InclusionProof } from '../../fairness/draw-method';

/**
 * Draw requests and answers (spec sections 3 and 7). The server
 * decides a draw from its own data: thresholds, counts and flags a client
 * sends are accepted for the spec's sake and ignored.
 */

const sharedCode = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().trim().regex(SHARED_CODE_PATTERN, SHARED_CODE_MESSAGE));

/** Spec section 7 "Announcer draw": partner, threshold, starting_threshold, daily_draw, search_string, promotion_title, shared_code. */
export const announcerDrawBody = z.object({ shared_code: sharedCode });

/** Spec section 7 "Select winner": partner (its SearchString), threshold, dailyDraw; plus which promotion when it has several. */
export const selectWinnerBody = z.object({
  partner: requiredText(40),
  promotion: requiredText(64).optional(),
  shared_code: sharedCode.optional(),
});

/** Spec section 7 "Clear partner draws": the partner's Username (its SearchString is accepted too). */
export const clearDrawBody = z.object({
  partnerUsername: requiredText(100),
  /** DESIGN section 4 "Clear draw": the paid entries carry into the next window (the default) or are refunded. */
  mode: z.enum(['carry', 'refund']).optional(),
});

/** The clear dialog's first look: the partner (Username or SearchString, as the clear takes it). */
export const clearPreviewQuery = z.object({ partner: requiredText(100) });

/** How many paid tickets a clear of the partner's current draws affects, per promotion. */
export interface ClearPreviewAnswer {
  partner: string;
  paid_tickets: number;
  promotions: Array<{ promotion_title: string; shared_code?: string; paid_tickets: number }>;
}

/** A clear's answer: the message, and what it did. */
export interface ClearDrawAnswer {
  message: string;
  mode: 'carry' | 'refund';
  promotions: number;
  paid_tickets: number;
}

/** A drawn winner (spec section 3 "Winner", dashboard spelling). */
export interface DrawWinner {
  id: string;
  draw_id: string;
  partner_id: string;
  /** As stored (231…): staff see full numbers. */
  mobile_number: string;
  /** ISO time of the draw. */
  winner_selected: string;
  /** LRD, "123.45". */
  winner_amount: string;
}

/** PUT announcer draw → `{winner}`; PUT select-winner adds the admin list's spelling (spec: it reads winner.WinnerSelected). */
export interface DrawAnswer {
  winner: DrawWinner;
}
export interface SelectWinnerAnswer {
  message: string;
  winner: DrawWinner & {
    MobileNumber: string;
    PartnerID: string;
    WinnerAmount: string;
    WinnerSelected: string;
    DrawID: string;
  };
}

/** GET /api/v1/public/draws/{draw_id}: everything needed to redo the draw (`npm run verify-draw`, the /draws/{id} page). */
export interface PublicDrawRecord {
  draw_id: string;
  /** The published method (shared/fairness/draw-method.ts). */
  method: DrawMethod;
  /** 'daily' | 'jackpot' | 'partner'. */
  game: string;
  promotion_title: string;
  kind: 'threshold' | 'house' | 'cleared';
  window_no: number;
  /** Lowercase hex SHA-256 of the seed's bytes, shown while the window was open. */
  commitment: string;
  /** The seed (64 hex characters), revealed by the draw. */
  seed: string | null;
  /** Paid entries in the window when it closed. */
  window_count: number;
  /** Entries drawn among: sequence numbers first_seq .. first_seq + entry_count - 1. */
  entry_count: number;
  first_seq: number;
  winning_seq: number | null;
  /** Masked: first four and last two characters kept. */
  winner: string | null;
  prize_lrd: string | null;
  /** When the window opened (its commitment was public from then); null on records made before it was kept. */
  opened_at: string | null;
  /** When the window stopped taking entries; null on commit-reveal-1 records. */
  closed_at: string | null;
  /** Merkle root of the window's entries 1..window_count; null on commit-reveal-1 records. */
  merkle_root: string | null;
  /** The beacon round drawn with; null when no winner was drawn or on commit-reveal-1 records. */
  beacon: DrawBeacon | null;
  drawn_at: string;
}

/** GET /api/v1/public/draws/{draw_id}/proof/{ticket_hash}: one entry's inclusion proof (never the ticket numbers). */
export type PublicInclusionProof = InclusionProof;

/** A window taking entries now, with the commitment to its seed (GET /api/v1/public/fair-draws). */
export interface PublicOpenWindow {
  /** The draw id this window will have. */
  draw_id: string;
  /** 'daily' | 'jackpot' | 'partner'. */
  game: string;
  title: string;
  partner: string;
  opened_at: string;
  commitment: string | null;
  entries: number;
}

/** A closed draw in the Fair draws list. */
export interface PublicClosedDraw {
  draw_id: string;
  game: string;
  title: string;
  kind: 'threshold' | 'house' | 'cleared';
  closed_at: string;
  entry_count: number;
  winner: string | null;
  commitment: string;
  seed: string | null;
  beacon_round: number | null;
}

/** A past house-game draw (GET /api/v1/public/results): its record is /draws/{draw_id}. */
export interface PublicResult {
  draw_id: string;
  game: 'daily' | 'jackpot';
  title: string;
  drawn_at: string;
  /** The winner's number masked as on the winners page; null when the draw had no ticket. */
  winner: string | null;
  prize_lrd: string | null;
}

export interface PublicFairDraws {
  open: PublicOpenWindow[];
  draws: PublicClosedDraw[];
}

/** One row of the `admin/winners` topic (spec section 3 "Winner"; DESIGN section 6). */
export const adminWinnerRow = z.object({
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
});
export type AdminWinnerRow = z.infer<typeof adminWinnerRow>;

export { ADMIN_WINNERS_EVENT } from '../../topics';
/** The one event of `admin/winners`: the drawn winners, newest first. */
export const adminWinners = z.object({ Winners: z.array(adminWinnerRow) });
export type AdminWinners = z.infer<typeof adminWinners>;

/** GET /api/v1/public/winners (the shape web/src/features/play/types.ts reads). */
export interface PublicWinnersAnswer {
  /** DrawID: the draw's public record (/draws/{DrawID}). */
  Winners: Array<{ MobileNumber: string; WinnerAmount: string; WinnerSelected: string; Game: string; DrawID: string }>;
  TotalWinners: number;
  TotalPaidLRD: string;
}

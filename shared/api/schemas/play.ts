import * as z from 'zod';
import { CURRENCIES, parseMoney, type Currency } from '../../money';
import { INVALID_MOBILE_NUMBER } from '../../phone';

const mobileNumber = z.string().max(32, INVALID_MOBILE_NUMBER);

/** Spec section 3 "Entry payment request": `amount` is "<number>|<currency>", e.g. "100.00|LRD". */
export function parseEntryAmount(text: string): { cents: number; currency: Currency } | null {
  const match = /^\s*([0-9.]+)\s*\|\s*([A-Z]{3})\s*$/.exec(text);
  if (!match) return null;
  const cents = parseMoney(match[1]!);
  const currency = match[2] as Currency;
  if (cents === null || !(CURRENCIES as readonly string[]).includes(currency)) return null;
  return { cents, currency };
}

export const houseEntryRequest = z.object({
  mobile_number: mobileNumber,
  amount: z.string().max(32, 'Choose one of the listed amounts.'),
});

export const codeEntryRequest = z.object({
  mobile_number: mobileNumber,
  shared_code: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(20)),
  currency: z.enum(CURRENCIES, 'Currency must be LRD or USD.'),
});

export const ticketVerificationRequest = z.object({
  ticket_number: z.union([z.string(), z.number()]).transform(String),
});

export type EntryStatus = 'pending' | 'paid' | 'failed';

/** GET /api/v1/entries/{entry_id}: no personal data beyond what the caller sent. */
export interface EntryStatusResponse {
  status: EntryStatus;
  ticket_number?: string;
  reason?: string;
}

/** How the checker's answer looks: won green, waiting neutral, lost and unknown red. */
export type TicketOutcome = 'won' | 'waiting' | 'lost' | 'unknown';

/** Spec section 3 "Ticket verification ... Response: isWinner, message", plus the outcome and the ticket's game. */
export interface TicketVerificationResponse {
  isWinner: boolean;
  message: string;
  outcome: TicketOutcome;
  /** The title of the ticket's game (a house game or a radio promotion), once the ticket is found. */
  game?: string;
  /** The ticket's draw, once it happened: its public record is /draws/{draw_id}. */
  draw_id?: string;
}

/** One house game as the public pages show it (GET /api/v1/public/house-games). Money "1234.56", times GMT. */
export interface PublicHouseGame {
  title: string;
  /** "HH:MM" GMT. */
  draw_time: string;
  /** 0 = Sunday … 6 = Saturday; null = every day. */
  draw_weekday: number | null;
  price_lrd: string;
  price_usd: string;
  /** Daily: the configured prize. Jackpot: the prize if drawn now (base + share of this week's stakes, capped). */
  prize_lrd: string;
  /** The next draw moment, ISO. */
  next_draw_at: string;
}

export interface PublicHouseGames {
  daily: PublicHouseGame;
  jackpot: PublicHouseGame & { base_prize_lrd: string; prize_cap_lrd: string };
}

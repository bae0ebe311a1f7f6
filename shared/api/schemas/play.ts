import * as z from 'zod';
import { CURRENCIES, parseMoney, type Currency } from '../../money';
import { INVALID_MOBILE_NUMBER } from '../../phone';
import { lazySchema } from './lazy-schema';

const mobileNumber = /* @__PURE__ */ lazySchema(() => z.string().max(32, INVALID_MOBILE_NUMBER));

/** Spec section 3 "Entry payment request": `amount` is "<number>|<currency>", e.g. "100.00|LRD". */
export function parseEntryAmount(text: string): { cents: number; currency: Currency } | null {
  const match = /^\s*([0-9.]+)\s*\|\s*([A-Z]{3})\s*$/.exec(text);
  if (!match) return null;
  const cents = parseMoney(match[1]!);
  const currency = match[2] as Currency;
  if (cents === null || !(CURRENCIES as readonly string[]).includes(currency)) return null;
  return { cents, currency };
}

export const houseEntryRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: mobileNumber,
    amount: z.string().max(32, 'Choose one of the listed amounts.'),
  }),
);

export const codeEntryRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    mobile_number: mobileNumber,
    shared_code: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(20)),
    currency: z.enum(CURRENCIES, 'Currency must be LRD or USD.'),
  }),
);

export const ticketVerificationRequest = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ticket_number: z.union([z.string(), z.number()]).transform(String),
  }),
);

/** GET /api/v1/{game}/entry: the house game's current prices, "123.45". */
export const entryOptionsResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({ DefaultAmountLRD: z.string(), DefaultAmountUSD: z.string() }),
);

const entryStatus = /* @__PURE__ */ lazySchema(() => z.enum(['pending', 'paid', 'failed']));

/** 202: the entry is stored; its payment prompt goes out beside the answer (DESIGN section 8). */
export const entryAccepted = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Text telling the player to approve the payment prompt on their phone. */
    success: z.string(),
    entry_id: z.string(),
    status: entryStatus,
  }),
);

/**
 * Why an entry failed, as a code the web maps to its words (never the words
 * themselves): the provider refused the prompt, the number has no mobile
 * money wallet, the player declined it, it expired, the wallet was short, or
 * any other failure. Texts and advice: `messages.entry.failure`, `messages.entry.advice`.
 */
const ENTRY_FAILURES = ['refused', 'no-wallet', 'declined', 'expired', 'not-enough-funds', 'failed'] as const;
export type EntryFailure = (typeof ENTRY_FAILURES)[number];

/**
 * GET /api/v1/entries/{entry_id}: no personal data beyond what the caller
 * sent — the number only masked (DESIGN section 7), for whoever holds the
 * entry's id (an unguessable UUID, its payment reference).
 */
export const entryStatusResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: entryStatus,
    /** When the payment prompt expires (ISO): a payment still pending then is given up. */
    expires_at: z.string(),
    /** The amount asked for, "1234.56", in `currency`. */
    amount: z.string(),
    currency: z.enum(CURRENCIES),
    /** The paying number masked as every public output masks numbers (shared/phone.ts maskMobileNumber). */
    masked_mobile_number: z.string(),
    ticket_number: z.string().optional(),
    /** When failed: the failure in words (`messages.entry.failure[reason_code]`), for clients that show text as is. */
    reason: z.string().optional(),
    /** When failed: why, as a code. */
    reason_code: z.enum(ENTRY_FAILURES).optional(),
  }),
);

/** How the checker's answer looks: won green, waiting neutral, lost and unknown red. */
const ticketOutcome = /* @__PURE__ */ lazySchema(() => z.enum(['won', 'waiting', 'lost', 'unknown']));
export type TicketOutcome = z.infer<typeof ticketOutcome>;

/** Spec section 3 "Ticket verification ... Response: isWinner, message", plus the outcome and the ticket's game. */
export const ticketVerificationResponse = /* @__PURE__ */ lazySchema(() =>
  z.object({
    isWinner: z.boolean(),
    message: z.string(),
    outcome: ticketOutcome,
    /** The title of the ticket's game (a house game or a radio promotion), once the ticket is found. */
    game: z.string().optional(),
    /** The ticket's draw, once it happened: its public record is /draws/{draw_id}. */
    draw_id: z.string().optional(),
  }),
);
export type TicketVerificationResponse = z.infer<typeof ticketVerificationResponse>;

/** One house game as the public pages show it (GET /api/v1/public/house-games). Money "1234.56", times GMT. */
const publicHouseGame = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: z.string(),
    /** "HH:MM" GMT. */
    draw_time: z.string(),
    /** 0 = Sunday … 6 = Saturday; null = every day. */
    draw_weekday: z.number().nullable(),
    price_lrd: z.string(),
    price_usd: z.string(),
    /** Daily: the configured prize. Jackpot: the prize if drawn now (base + share of this week's stakes, capped). */
    prize_lrd: z.string(),
    /** The next draw moment, ISO. */
    next_draw_at: z.string(),
    /** The draw moment before it, ISO: the pages show "drawing now" around it, not a jump to the next countdown. */
    last_draw_at: z.string(),
    /** That moment's draw once it is made (its record is /draws/{id}); null while it is being drawn. */
    last_draw_id: z.string().nullable(),
  }),
);
export type PublicHouseGame = z.infer<typeof publicHouseGame>;

export const publicHouseGames = /* @__PURE__ */ lazySchema(() =>
  z.object({
    daily: publicHouseGame,
    jackpot: publicHouseGame.extend({ base_prize_lrd: z.string(), prize_cap_lrd: z.string() }),
  }),
);
export type PublicHouseGames = z.infer<typeof publicHouseGames>;

/**
 * What a provider's payment or transfer callback is answered (DESIGN
 * section 8): received, and what the status query decided. Only the status
 * code matters to the provider.
 */
export const callbackReceipt = /* @__PURE__ */ lazySchema(() =>
  z.object({ received: z.literal(true), outcome: z.string() }),
);

/** A USSD gateway is answered in plain text, `CON …` or `END …` (DESIGN section 8). */
export const ussdAnswer = /* @__PURE__ */ lazySchema(() => z.string());

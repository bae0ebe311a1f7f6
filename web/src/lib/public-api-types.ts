/**
 * Request and response shapes of the public play, verification and winners
 * calls, exactly as the API defines them (spec section 3, DESIGN
 * section 5). Money is a "123.45" string on the wire.
 */
import type { Currency } from '@shared/money';

/** The two house games a visitor can enter from the site (DESIGN section 4). */
export type Game = 'daily-draw' | 'jackpot';

/** GET /api/v1/{game}/entry */
export interface DefaultAmountsResponse {
  DefaultAmountLRD: string;
  DefaultAmountUSD: string;
}

/** "100.00|LRD": an amount and its currency, separated by a pipe. */
export type EntryAmount = `${string}|${Currency}`;

/** POST /api/v1/{game}/entry */
export interface EntryRequest {
  mobile_number: string;
  amount: EntryAmount;
}

/** 202: the entry is stored; its payment prompt goes out beside the answer (DESIGN section 8). */
export interface EntryAccepted {
  /** Text telling the player to approve the payment prompt on their phone. */
  success: string;
  entry_id: string;
  status: EntryStatus;
}

export interface EntryRefused {
  error: string;
}

export type EntryResponse = EntryAccepted | EntryRefused;

export type EntryStatus = 'pending' | 'paid' | 'failed';

/** GET /api/v1/entries/{entry_id} */
export interface EntryStatusResponse {
  status: EntryStatus;
  ticket_number?: string;
  reason?: string;
}

/** POST /api/v1/{game}/ticket/verification */
export interface TicketVerificationRequest {
  ticket_number: string;
}

export type { TicketOutcome, TicketVerificationResponse } from '@shared/api/schemas/play';

/** One row of GET /api/v1/public/winners; the number arrives masked. */
export interface PublicWinner {
  MobileNumber: string;
  WinnerAmount: string;
  /** ISO 8601 date and time. */
  WinnerSelected: string;
  Game: string;
  /** The draw's public record: /draws/{DrawID}. */
  DrawID?: string;
}

/** GET /api/v1/public/winners */
export interface PublicWinnersResponse {
  Winners: PublicWinner[];
  TotalWinners: number;
  TotalPaidLRD: string;
}

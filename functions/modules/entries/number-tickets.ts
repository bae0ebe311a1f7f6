import type { GameKind } from '@shared/games';
import { gameOf } from '../games';
import { stakeText } from './money-split';
import type { Entry } from './store/entries';
import { recentEntriesOf } from './store/entry-reads';
import { judgeTicket, type TicketStatus } from './verify-ticket';

/**
 * "My tickets" (DESIGN section 4, "A ticket is never lost by the browser"):
 * a number's last tickets with the checker's word for each, and its entries
 * still waiting for their payment. One reading for USSD (the phone proves
 * the number) and the web (after a one-time code sent to it): both list
 * exactly this.
 */
export interface NumberTickets {
  /** Newest first. */
  tickets: ListedTicket[];
  /** Newest first: paid for by no one yet, or confirmed and not yet a ticket. */
  pending: PendingEntry[];
}

export interface ListedTicket {
  entryId: string;
  game: GameKind;
  /** Its game's name on a ticket line (a promotion's title, a house game's short name). */
  gameName: string;
  ticketNumber: string;
  status: TicketStatus;
  /** "Nov 22, 2026 21:00 GMT": when it was drawn, or the draw it waits for (none for a live draw to come). */
  drawTime?: string;
}

export interface PendingEntry {
  entryId: string;
  game: GameKind;
  gameName: string;
  /** "100.00 LRD". */
  stake: string;
  createdAt: string;
  /** The house game's page slug its entry page lives under (/<slug>/entry/<id>); none for a promotion's entry. */
  pageSlug?: string;
}

/** Tickets listed (a USSD screen shows as many of them as fit). */
const LISTED_TICKETS = 5;
/** Entries waiting for payment listed (a number has at most 3 prompts in 10 minutes: DESIGN section 7). */
const LISTED_PENDING = 3;
/** Entry lines read to find them: failed entries have no ticket. */
const ENTRIES_READ = 20;

export async function ticketsOfNumber(msisdn: string, now: Date): Promise<NumberTickets> {
  const entries = await recentEntriesOf(msisdn, ENTRIES_READ);
  const paid = entries.filter((entry) => entry.status === 'paid' && entry.ticketNumber).slice(0, LISTED_TICKETS);
  const pending = entries.filter((entry) => entry.status === 'pending').slice(0, LISTED_PENDING);
  return {
    tickets: await Promise.all(paid.map((entry) => listedTicket(entry, now))),
    pending: pending.map(pendingEntry),
  };
}

async function listedTicket(entry: Entry, now: Date): Promise<ListedTicket> {
  const judged = await judgeTicket(entry, now);
  return {
    entryId: entry.id,
    game: entry.game,
    gameName: gameNameOf(entry),
    ticketNumber: entry.ticketNumber!,
    status: judged.status,
    ...(judged.drawTime ? { drawTime: judged.drawTime } : {}),
  };
}

function pendingEntry(entry: Entry): PendingEntry {
  const slug = gameOf(entry.game).webRoute?.slug;
  return {
    entryId: entry.id,
    game: entry.game,
    gameName: gameNameOf(entry),
    stake: stakeText(entry),
    createdAt: entry.createdAt,
    ...(slug ? { pageSlug: slug } : {}),
  };
}

const gameNameOf = (entry: Entry) => gameOf(entry.game).ussdItem.ticketName(entry.promotionTitle);

import { formatGmtDay } from '@shared/dates';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { ussdMessages, ussdPlayerMessages } from '@shared/ussd';
import { formatTicketNumber } from '@shared/ticket-number';
import type { ExclusionPeriod } from '../players';
import { ticketsOfNumber, type ListedTicket, type PendingEntry } from '../entries';
import { smsIdOf, oweSms } from '../messages';
import { excludeByPlayer } from '../players';
import type { Step, UssdRequest } from './menu';

/**
 * The caller's own USSD screens (DESIGN section 7):
 * the phone proves the number, so these read and change only the caller's
 * number; the web offers only My tickets, after a one-time code sent to the
 * number (functions/modules/entries/my-tickets-http.ts). Acting (an SMS, a limit, an
 * exclusion) happens only on a session's last input, as in the menu.
 */
export type TicketsScreen = { kind: 'mine'; lines: string[] };
export type ConfirmScreen = { kind: 'confirm'; period: ExclusionPeriod; until?: string };

/** A promotion's name on a ticket line, at most this long (the screen holds several lines). */
const GAME_CHARS = 12;

/** The caller's last tickets with their status and entries waiting for payment (the web's My tickets lists the same), or why there are none. */
export async function myTickets(request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  const { tickets, pending } = await ticketsOfNumber(msisdn, request.now);
  if (tickets.length === 0 && pending.length === 0) return { end: ussdPlayerMessages.noTickets };
  return { open: { kind: 'mine', lines: [...pending.map(pendingLine), ...tickets.map(ticketLine)] } };
}

/** `6741-5745-9946-86 Daily: waiting`: the SMS's ticket format, its game and the checker's word (one rule for both). */
function ticketLine(ticket: ListedTicket): string {
  return `${formatTicketNumber(ticket.ticketNumber)} ${shortGame(ticket.gameName)}: ${ussdPlayerMessages.status[ticket.status]}`;
}

/** `Daily 100.00 LRD: payment pending`. */
function pendingLine(entry: PendingEntry): string {
  return `${shortGame(entry.gameName)} ${entry.stake}: ${ussdPlayerMessages.status.pending}`;
}

const shortGame = (game: string) => (game.length <= GAME_CHARS ? game : `${game.slice(0, GAME_CHARS - 1)}.`);

/** The list screen within `room` characters: the newest lines that fit, then the choices. */
export function myTicketsScreen(screen: TicketsScreen, room: number): string {
  const choices = `${ussdPlayerMessages.sendBySms}\n${ussdMessages.back}`;
  const shown: string[] = [];
  for (const line of screen.lines) {
    const text = [ussdPlayerMessages.myTicketsTitle, ...shown, line, choices].join('\n');
    if (text.length > room) break;
    shown.push(line);
  }
  return [ussdPlayerMessages.myTicketsTitle, ...shown, choices].join('\n');
}

/** Owe the list as an SMS (the retry job sends it: the USSD function calls no provider); once a minute at most. */
export async function sendMyTickets(screen: TicketsScreen, request: UssdRequest): Promise<string> {
  const msisdn = normalizeMobileNumber(request.phoneNumber)!;
  const ref = `${msisdn}-${request.now.toISOString().slice(0, 16)}`;
  const text = [ussdPlayerMessages.smsTitle, ...screen.lines].join('\n');
  const owed = await oweSms(
    { id: smsIdOf('my-tickets', ref), purpose: 'my-tickets', ref, to: msisdn, text },
    request.now,
  );
  return owed ? ussdPlayerMessages.smsOnItsWay : ussdPlayerMessages.smsAlreadyAsked;
}

export function confirmScreen(screen: ConfirmScreen): string {
  return ussdPlayerMessages.excludeConfirm(screen.until && formatGmtDay(screen.until));
}

/** Exclude the caller's number; a longer exclusion in force stays, and the answer names it. */
export async function exclusionStep(screen: ConfirmScreen, request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  const held = await excludeByPlayer(
    msisdn,
    { permanent: screen.period === 'permanent', until: screen.until },
    request.now,
  );
  return {
    end:
      held.permanent || !held.until
        ? ussdPlayerMessages.excludedForGood
        : ussdPlayerMessages.excludedUntil(formatGmtDay(held.until)),
  };
}

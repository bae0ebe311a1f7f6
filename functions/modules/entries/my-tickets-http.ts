import { myTicketsMessages } from '@shared/my-tickets';
import { INVALID_MOBILE_NUMBER, maskMobileNumber, normalizeMobileNumber } from '@shared/phone';
import { ussdPlayerMessages } from '@shared/ussd';
import { badRequest, tooManyRequests, unauthorized } from '../../platform/errors';
import type { HttpApp, RouteRequest } from '../../platform/http-app';
import { reply } from '../../platform/http-responses';
import { endTicketsSession, openTicketsSession, requestAccessCode, ticketsSessionOf } from '../players';
import { ticketsOfNumber } from './number-tickets';

/**
 * The web's My tickets (DESIGN section 4, "A ticket is never lost by the
 * browser"; section 7): a one-time code by SMS, then the number's list — the
 * one USSD My tickets gives (./number-tickets.ts) — for a short session held
 * in an HttpOnly cookie. The POSTs need the CSRF header as every public one
 * does (platform/guard.ts), and the cookie is SameSite=Strict.
 */
export function registerMyTicketsRoutes(app: HttpApp<'public'>): void {
  app.on('requestTicketsCode', async (request) => {
    const msisdn = numberOf(request.body.mobile_number);
    const outcome = await requestAccessCode(msisdn, request.sourceIp, request.now);
    if (outcome === 'address-limited') throw tooManyRequests(myTicketsMessages.codesPerAddress);
    if (outcome === 'number-limited') throw tooManyRequests(myTicketsMessages.codesPerNumber);
    // the same answer for every number: whether it ever played is told to nobody
    return { message: myTicketsMessages.codeSent };
  });

  app.on('openTicketsSession', async (request) => {
    const { mobile_number, code } = request.body;
    const opening = await openTicketsSession(numberOf(mobile_number), code, request.sourceIp, request.now);
    if (opening.opened) return reply(200, { message: myTicketsMessages.signedIn }, { cookies: [opening.cookie] });
    switch (opening.refused) {
      case 'address-limited':
        throw tooManyRequests(myTicketsMessages.triesPerAddress);
      case 'wrong':
        throw refusedCode(myTicketsMessages.wrongCode(opening.triesLeft));
      case 'void':
        throw refusedCode(myTicketsMessages.tooManyTries);
      case 'expired':
        throw refusedCode(myTicketsMessages.expiredCode);
    }
  });

  app.on('myTickets', async (request) => {
    const session = await ticketsSessionOf(cookiesOf(request), request.now);
    if (!session) throw unauthorized(myTicketsMessages.notSignedIn);
    const { tickets, pending } = await ticketsOfNumber(session.msisdn, request.now);
    return {
      mobile_number: maskMobileNumber(session.msisdn),
      session_ends_at: session.endsAt,
      tickets: tickets.map((ticket) => ({
        entry_id: ticket.entryId,
        game: ticket.gameName,
        ticket_number: ticket.ticketNumber,
        status: ticket.status,
        status_text: ussdPlayerMessages.status[ticket.status] ?? ticket.status,
        ...(ticket.drawTime ? { draw_time: ticket.drawTime } : {}),
      })),
      pending: pending.map((entry) => ({
        entry_id: entry.entryId,
        game: entry.gameName,
        amount: entry.stake,
        created_at: entry.createdAt,
        ...(entry.pageSlug ? { entry_page: `/${entry.pageSlug}/entry/${entry.entryId}` } : {}),
      })),
    };
  });

  app.on('endTicketsSession', async (request) =>
    reply(200, { message: myTicketsMessages.signedOut }, { cookies: [await endTicketsSession(cookiesOf(request))] }),
  );
}

const cookiesOf = (request: RouteRequest) => request.event.cookies ?? request.headers.cookie;

const refusedCode = (message: string) => badRequest(message, { code: message });

function numberOf(input: string): string {
  const msisdn = normalizeMobileNumber(input);
  if (!msisdn) throw badRequest(INVALID_MOBILE_NUMBER, { mobile_number: INVALID_MOBILE_NUMBER });
  return msisdn;
}

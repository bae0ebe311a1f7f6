import type { playRoutes } from '@shared/api/routes/play';
import { parseEntryAmount } from '@shared/api/schemas/play';
import { houseGameRoutes } from '@shared/api/endpoints/play';
import { HOUSE_GAMES, type HouseGameKind } from '@shared/games';
import { messages } from '@shared/messages';
import { badRequest, notFound, tooManyRequests } from '../../platform/errors';
import type { HttpApp, RouteRequest } from '../../platform/http-app';
import { accepted } from '../../platform/http-responses';
import { readEntryStatus } from './entry-status';
import { startEntry, type StartedEntry } from './start-entry';
import { verifyTicket } from './verify-ticket';
import { takeRateSlot, TICKET_CHECKS } from '../../platform/store/rate-limits';

/** Entries and ticket checks from the public site (spec section 7 "Public"). */
export function registerPlayRoutes(app: HttpApp<'public'>): void {
  type HouseEntryRoute = (typeof playRoutes)[(typeof houseGameRoutes)[HouseGameKind]['entry']];
  // one handler for every house game's entry route (generated from the registry: shared/api/endpoints/play.ts)
  const houseEntry = (game: HouseGameKind) => async (request: RouteRequest<HouseEntryRoute>) => {
    const body = request.body;
    const amount = parseEntryAmount(body.amount);
    if (!amount) throw badRequest(messages.refusals.chooseListedAmount, { amount: 'Not one of the options' });
    const started = await startEntry({
      target: { kind: 'house', game },
      mobileNumber: body.mobile_number,
      currency: amount.currency,
      amountCents: amount.cents,
      channel: 'web',
      clientAddress: request.sourceIp,
      now: request.now,
    });
    return entryAccepted(started);
  };
  for (const game of HOUSE_GAMES) app.on(houseGameRoutes[game].entry, houseEntry(game));

  app.on('codeEntry', async (request) => {
    const body = request.body;
    const started = await startEntry({
      target: { kind: 'code', sharedCode: body.shared_code },
      mobileNumber: body.mobile_number,
      currency: body.currency,
      channel: 'web',
      clientAddress: request.sourceIp,
      now: request.now,
    });
    return entryAccepted(started);
  });

  /** The entry's state for the page that started it (the `entry/:id` live topic sends the same body). */
  app.on('entryStatus', async (request) => {
    const status = await readEntryStatus(request.params.entry_id ?? '');
    if (!status) throw notFound(messages.refusals.noSuchEntry);
    return status;
  });

  // either box answers any game's ticket (the player need not know which box is whose)
  const verification = async (
    request: RouteRequest<(typeof playRoutes)[(typeof houseGameRoutes)[HouseGameKind]['ticketVerification']]>,
  ) => {
    if (!(await takeRateSlot(TICKET_CHECKS, request.sourceIp, request.now))) {
      throw tooManyRequests(messages.limits.ticketChecks);
    }
    return verifyTicket(request.body.ticket_number, request.now);
  };
  for (const game of HOUSE_GAMES) app.on(houseGameRoutes[game].ticketVerification, verification);
}

/**
 * 202: the entry is stored and pending; its payment prompt goes out beside
 * this answer (DESIGN section 8) and the page follows the entry's status.
 */
function entryAccepted(started: StartedEntry) {
  return accepted({ success: started.message, entry_id: started.entry.id, status: started.entry.status });
}

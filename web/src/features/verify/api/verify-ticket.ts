import { apiPost } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';
import type { Game, TicketVerificationRequest, TicketVerificationResponse } from '@web/lib/public-api-types';

const verificationPath: Record<Game, string> = {
  'daily-draw': apiPaths.dailyDrawTicketVerification,
  jackpot: apiPaths.jackpotTicketVerification,
};

export function verifyTicket(game: Game, ticketNumber: string, signal?: AbortSignal) {
  const request: TicketVerificationRequest = { ticket_number: ticketNumber };
  return apiPost<TicketVerificationResponse>(verificationPath[game], request, signal);
}

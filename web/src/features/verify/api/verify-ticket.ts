import type { playRoutes } from '@shared/api/routes/play';
import type { BodyIn, ResponseOut } from '@shared/api/route-spec';
import { apiPost } from '@web/lib/api-client';
import { houseTicketVerificationPath, type HouseGameKind } from '@shared/games';

type Verification = typeof playRoutes.dailyTicketVerification;

/**
 * Typed from the route's schemas (type-only import) and not parsed at
 * runtime: the home page's JavaScript budget (90 KB gzipped, DESIGN
 * section 9) has no room for zod or the routing table.
 */
export function verifyTicket(game: HouseGameKind, ticketNumber: string, signal?: AbortSignal) {
  const request: BodyIn<Verification> = { ticket_number: ticketNumber };
  return apiPost<ResponseOut<Verification>>(houseTicketVerificationPath(game), request, signal);
}

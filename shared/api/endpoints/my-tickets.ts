import { messages } from '../../messages';
import { PUBLIC } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import { ticketsCodeRequest, ticketsSessionRequest } from '../schemas/my-tickets';

const fillOutAll = requiredWith(messages.validation.fillOutAllFields);

/**
 * The web's My tickets (DESIGN section 4 "A ticket is never lost by the
 * browser", section 7): a one-time code by SMS to the number opens a short
 * session, held in an HttpOnly cookie, that lists the number's tickets.
 */
export const myTicketsEndpoints = {
  requestTicketsCode: route('POST', '/api/v1/my-tickets/code', 'public', PUBLIC, {
    required: fillOutAll(['mobile_number']),
    body: ticketsCodeRequest,
  }),
  openTicketsSession: route('POST', '/api/v1/my-tickets/session', 'public', PUBLIC, {
    required: fillOutAll(['mobile_number', 'code']),
    body: ticketsSessionRequest,
  }),
  myTickets: route('GET', '/api/v1/my-tickets', 'public', PUBLIC),
  endTicketsSession: route('POST', '/api/v1/my-tickets/sign-out', 'public', PUBLIC),
} as const satisfies Record<string, RouteSpec>;

import { myTicketsRoutes } from '@shared/api/routes/my-tickets';
import type { ResponseOut } from '@shared/api/route-spec';
import { callRoute } from '@web/lib/api-routes';

/** The number's list, as the API answers it. */
export type TicketsList = ResponseOut<typeof myTicketsRoutes.myTickets>;

/** My tickets' calls (a page of its own: its schemas are in its own chunk, not the home page's). */
export const askForCode = (mobileNumber: string) =>
  callRoute(myTicketsRoutes.requestTicketsCode, {}, { body: { mobile_number: mobileNumber } });

export const tryCode = (mobileNumber: string, code: string) =>
  callRoute(myTicketsRoutes.openTicketsSession, {}, { body: { mobile_number: mobileNumber, code } });

export const fetchTickets = (signal?: AbortSignal) => callRoute(myTicketsRoutes.myTickets, {}, { signal });

export const signOut = () => callRoute(myTicketsRoutes.endTicketsSession, {});

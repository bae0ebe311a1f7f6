import { myTicketsEndpoints } from '../endpoints/my-tickets';
import { withAnswers } from '../route-spec';
import { myTicketsResponse, ticketsMessage } from '../schemas/my-tickets';

/** myTicketsEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const myTicketsRoutes = withAnswers(myTicketsEndpoints, {
  requestTicketsCode: ticketsMessage,
  openTicketsSession: ticketsMessage,
  myTickets: myTicketsResponse,
  endTicketsSession: ticketsMessage,
});

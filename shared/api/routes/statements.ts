import { statementEndpoints } from '../endpoints/statements';
import { withAnswers } from '../route-spec';
import { statementResponse } from '../schemas/payouts';

/** statementEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const statementRoutes = withAnswers(statementEndpoints, {
  partnerStatement: statementResponse,
  announcerStatement: statementResponse,
});

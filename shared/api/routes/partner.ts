import { statementResponse } from '../schemas/payouts';
import { partnerEndpoints } from '../endpoints/partner';
import { withAnswers } from '../route-spec';

/** partnerEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const partnerRoutes = withAnswers(partnerEndpoints, {
  partnerStatement: statementResponse,
});

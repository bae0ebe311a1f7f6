import { ussdAnswer } from '../schemas/play';
import { ussdEndpoints } from '../endpoints/ussd';
import { withAnswers } from '../route-spec';

/** ussdEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const ussdRoutes = withAnswers(ussdEndpoints, {
  ussd: ussdAnswer,
});

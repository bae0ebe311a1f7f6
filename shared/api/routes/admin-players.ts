import { adminPlayerEndpoints } from '../endpoints/admin-players';
import { withAnswers } from '../route-spec';
import { exclusionChangeResponse, exclusionResponse, exclusionsResponse, smsResendResponse } from '../schemas/players';

/** adminPlayerEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminPlayerRoutes = withAnswers(adminPlayerEndpoints, {
  playerExclusions: exclusionsResponse,
  playerExclusion: exclusionResponse,
  excludePlayer: exclusionChangeResponse,
  liftPlayerExclusion: exclusionChangeResponse,
  resendSms: smsResendResponse,
});

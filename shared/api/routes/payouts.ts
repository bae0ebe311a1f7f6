import { payoutEndpoints } from '../endpoints/payouts';
import { withAnswers } from '../route-spec';
import { claimPrizeResponse, heldPrizesResponse } from '../schemas/held-prizes';
import { payoutsPage, payResponse } from '../schemas/payouts';

/** payoutEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const payoutRoutes = withAnswers(payoutEndpoints, {
  payPartner: payResponse,
  payAnnouncer: payResponse,
  listPayouts: payoutsPage,
  retryPayout: payResponse,
  listHeldPrizes: heldPrizesResponse,
  claimHeldPrize: claimPrizeResponse,
});

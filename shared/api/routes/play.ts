import { perHouseGame, playEndpoints } from '../endpoints/play';
import { withAnswers } from '../route-spec';
import {
  entryAccepted,
  entryOptionsResponse,
  entryStatusResponse,
  publicHouseGames,
  ticketVerificationResponse,
} from '../schemas/play';

/** playEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const playRoutes = withAnswers(playEndpoints, {
  ...perHouseGame('entryOptions', () => entryOptionsResponse),
  publicHouseGames: publicHouseGames,
  ...perHouseGame('entry', () => entryAccepted),
  codeEntry: entryAccepted,
  entryStatus: entryStatusResponse,
  ...perHouseGame('ticketVerification', () => ticketVerificationResponse),
});

import { playEndpoints } from '../endpoints/play';
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
  dailyDrawEntryOptions: entryOptionsResponse,
  jackpotEntryOptions: entryOptionsResponse,
  publicHouseGames: publicHouseGames,
  dailyDrawEntry: entryAccepted,
  jackpotEntry: entryAccepted,
  codeEntry: entryAccepted,
  entryStatus: entryStatusResponse,
  dailyTicketVerification: ticketVerificationResponse,
  jackpotTicketVerification: ticketVerificationResponse,
});

import * as z from 'zod';
import { regulatorEndpoints } from '../endpoints/regulator';
import { withAnswers } from '../route-spec';
import { heldPrizesResponse } from '../schemas/held-prizes';
import { sealsResponse } from '../schemas/reports';
import {
  feedResponse,
  regulatorComplaintsResponse,
  regulatorDrawsResponse,
  regulatorLiveResponse,
  regulatorPayoutsResponse,
  sealedDownloadResponse,
} from '../schemas/regulator';

/** regulatorEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const regulatorRoutes = withAnswers(regulatorEndpoints, {
  regulatorLive: regulatorLiveResponse,
  regulatorDraws: regulatorDrawsResponse,
  regulatorPayouts: regulatorPayoutsResponse,
  regulatorUnclaimed: heldPrizesResponse,
  regulatorComplaints: regulatorComplaintsResponse,
  regulatorSeals: sealsResponse,
  regulatorSealed: sealedDownloadResponse,
  regulatorExport: z.string(),
  regulatorFeed: feedResponse,
});

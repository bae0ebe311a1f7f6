import { onAirEndpoints } from '../endpoints/on-air';
import { withAnswers } from '../route-spec';
import { broadcastState, drawByCodeAnswer, smsIncomingAnswer } from '../schemas/on-air';

/** The on-air draw's endpoints with each route's 2xx answer. */
export const onAirRoutes = withAnswers(onAirEndpoints, {
  announcerBroadcast: broadcastState,
  announcerBroadcastClose: broadcastState,
  publicDrawByCode: drawByCodeAnswer,
  smsIncoming: smsIncomingAnswer,
});

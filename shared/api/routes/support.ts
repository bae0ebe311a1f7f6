import { supportEndpoints } from '../endpoints/support';
import { withAnswers } from '../route-spec';
import {
  attentionResponse,
  complaintResponse,
  playerStoryResponse,
  providerStatusResponse,
  refundResponse,
} from '../schemas/support';
import { exclusionChangeResponse, smsResendResponse } from '../schemas/players';

/** supportEndpoints with the schema of each route's 2xx answer (the exports answer text/csv). */
export const supportRoutes = withAnswers(supportEndpoints, {
  supportPlayer: playerStoryResponse,
  supportProviderStatus: providerStatusResponse,
  supportRefund: refundResponse,
  supportResendSms: smsResendResponse,
  supportExclude: exclusionChangeResponse,
  supportLiftExclusion: exclusionChangeResponse,
  supportNoteComplaint: complaintResponse,
  supportResolveComplaint: complaintResponse,
  supportAttention: attentionResponse,
});

import { supportEndpoints } from '../endpoints/support';
import * as z from 'zod';
import { withAnswers } from '../route-spec';
import {
  attentionResponse,
  complaintResponse,
  playerStoryResponse,
  providerStatusResponse,
  refundResponse,
} from '../schemas/support';
import { identityCheckResponse } from '../schemas/held-prizes';
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
  supportIdentityCheck: identityCheckResponse,
  supportAttention: attentionResponse,
  // each export's answer is its CSV text
  exportComplaints: z.string(),
  exportPayouts: z.string(),
  exportWinners: z.string(),
  exportStatements: z.string(),
  exportAudit: z.string(),
});

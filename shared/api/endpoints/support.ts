import { SUPER_ADMIN_SELF, SUPPORT_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import { identityCheckRequest } from '../schemas/held-prizes';
import { complaintBody, deskExcludeBody, lookupQuery, periodQuery, reasonBody, resolveBody } from '../schemas/support';

/**
 * The support desk (DESIGN section 7): admins with the `support` permission
 * and super admins. Full phone numbers are shown here only; every look-up and
 * every action is audit-logged, each action with its reason. A Lambda of its
 * own ('support'): it asks the providers and sends refunds, which the admin
 * and players Lambdas never do.
 */
export const supportEndpoints = {
  /** ?by=mobile|ticket|entry|reference&q=…: the player's whole story, newest first (audit-logged). */
  supportPlayer: route('GET', '/api/v1/admin/:id/support/player', 'support', SUPPORT_SELF, { query: lookupQuery }),
  /** {reason}: ask the entry's provider now for its own status of the payment. */
  supportProviderStatus: route(
    'POST',
    '/api/v1/admin/:id/support/entries/:entryId/provider-status',
    'support',
    SUPPORT_SELF,
    { body: reasonBody },
  ),
  /** {reason}: refund a debit that has no ticket (the provider says SUCCESSFUL, the product failed it); once. */
  supportRefund: route('POST', '/api/v1/admin/:id/support/entries/:entryId/refund', 'support', SUPPORT_SELF, {
    body: reasonBody,
  }),
  /** {reason}: send a ticket, winner or refund SMS again. */
  supportResendSms: route('POST', '/api/v1/admin/:id/support/sms/:smsId/resend', 'support', SUPPORT_SELF, {
    body: reasonBody,
  }),
  /** {period, reason}: exclude the number. */
  supportExclude: route('PUT', '/api/v1/admin/:id/support/players/:msisdn/exclusion', 'support', SUPPORT_SELF, {
    body: deskExcludeBody,
  }),
  /** {reason}: lift the number's exclusion. */
  supportLiftExclusion: route(
    'POST',
    '/api/v1/admin/:id/support/players/:msisdn/exclusion/lift',
    'support',
    SUPPORT_SELF,
    { body: reasonBody },
  ),
  /** {mobile_number, entry_id?, summary, resolution?}: note a complaint (the dispute log). */
  supportNoteComplaint: route('POST', '/api/v1/admin/:id/support/complaints', 'support', SUPPORT_SELF, {
    body: complaintBody,
  }),
  /** {resolution}: resolve an open complaint. */
  supportResolveComplaint: route(
    'POST',
    '/api/v1/admin/:id/support/complaints/:complaintId/resolve',
    'support',
    SUPPORT_SELF,
    { body: resolveBody },
  ),
  /** {mobile_number, identity_check, notes?}: record a held prize's winner's identity check and corrected number. */
  supportIdentityCheck: route(
    'PUT',
    '/api/v1/admin/:id/support/held-prizes/:drawId/identity-check',
    'support',
    SUPPORT_SELF,
    { body: identityCheckRequest },
  ),
  /** What needs attention: debits without outcome, failed SMS and payouts, late successes, open complaints. */
  supportAttention: route('GET', '/api/v1/admin/:id/support/attention', 'support', SUPPORT_SELF),
  /** ?from&to: the complaint log as CSV (text/csv). */
  exportComplaints: route('GET', '/api/v1/admin/:id/exports/complaints', 'support', SUPPORT_SELF, {
    query: periodQuery,
  }),
  /** ?from&to: payouts, winners, statements or the audit log as CSV (text/csv): money and staff, super admins. */
  exportPayouts: route('GET', '/api/v1/admin/:id/exports/payouts', 'support', SUPER_ADMIN_SELF, {
    query: periodQuery,
  }),
  exportWinners: route('GET', '/api/v1/admin/:id/exports/winners', 'support', SUPER_ADMIN_SELF, {
    query: periodQuery,
  }),
  exportStatements: route('GET', '/api/v1/admin/:id/exports/statements', 'support', SUPER_ADMIN_SELF, {
    query: periodQuery,
  }),
  exportAudit: route('GET', '/api/v1/admin/:id/exports/audit', 'support', SUPER_ADMIN_SELF, { query: periodQuery }),
} as const satisfies Record<string, RouteSpec>;

/** The support desk's calls (shared/api/routes/support.ts). */
import { supportRoutes as routes } from '@shared/api/routes/support';
import type { ExportKind, LookupKey } from '@shared/api/schemas/support';
import type { ExclusionPeriod } from '@shared/responsible-play';
import { ApiError } from '@web/lib/api-client';
import { callRoute, routeUrl } from '@web/lib/api-routes';

export const lookUpPlayer = (adminId: string, by: LookupKey, q: string) =>
  callRoute(routes.supportPlayer, { id: adminId }, { query: { by, q } });

export const askProvider = (adminId: string, entryId: string, reason: string) =>
  callRoute(routes.supportProviderStatus, { id: adminId, entryId }, { body: { reason } });

export const refundDebit = (adminId: string, entryId: string, reason: string) =>
  callRoute(routes.supportRefund, { id: adminId, entryId }, { body: { reason } });

export const resendSms = (adminId: string, smsId: string, reason: string) =>
  callRoute(routes.supportResendSms, { id: adminId, smsId }, { body: { reason } });

export const excludeNumber = (adminId: string, msisdn: string, period: ExclusionPeriod, reason: string) =>
  callRoute(routes.supportExclude, { id: adminId, msisdn }, { body: { period, reason } });

export const liftExclusion = (adminId: string, msisdn: string, reason: string) =>
  callRoute(routes.supportLiftExclusion, { id: adminId, msisdn }, { body: { reason } });

export const noteComplaint = (adminId: string, mobileNumber: string, summary: string, resolution?: string) =>
  callRoute(
    routes.supportNoteComplaint,
    { id: adminId },
    { body: { mobile_number: mobileNumber, summary, ...(resolution ? { resolution } : {}) } },
  );

export const resolveComplaint = (adminId: string, complaintId: string, resolution: string) =>
  callRoute(routes.supportResolveComplaint, { id: adminId, complaintId }, { body: { resolution } });

export const recordIdentityCheck = (
  adminId: string,
  drawId: string,
  body: { mobile_number: string; identity_check: string; notes?: string },
) => callRoute(routes.supportIdentityCheck, { id: adminId, drawId }, { body });

export const fetchAttention = (adminId: string) => callRoute(routes.supportAttention, { id: adminId });

const EXPORT_ROUTES = {
  payouts: routes.exportPayouts,
  winners: routes.exportWinners,
  statements: routes.exportStatements,
  audit: routes.exportAudit,
  complaints: routes.exportComplaints,
} as const satisfies Record<ExportKind, unknown>;

/** An export as CSV (text/csv: fetched as a file, not through callRoute), saved under a name that says the period. */
export async function downloadExport(adminId: string, kind: ExportKind, from: string, to: string): Promise<void> {
  const response = await fetch(routeUrl(EXPORT_ROUTES[kind], { id: adminId }, { from, to }), {
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, body?.error ?? null);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-${from}-to-${to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

import { routes } from '@shared/api/routes';
import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import type { ClearDrawAnswer, ClearPreviewAnswer, SelectWinnerAnswer } from '@shared/api/schemas/draws';
import { apiRequest } from '@web/lib/api-client';
import { callRouteAs } from '@web/lib/api-routes';
import { pathOf } from '@shared/api/routes';

/**
 * Conduct Draw on the Draw tab (spec section 7 "Select winner": partner,
 * threshold, dailyDraw). The server decides from its own counts; the
 * promotion is named by its shared code, since a partner may run several.
 */
export function conductDraw(adminId: string, row: PartnerDrawSummary): Promise<SelectWinnerAnswer> {
  return callRouteAs<SelectWinnerAnswer>(
    routes.selectWinner,
    { id: adminId },
    {
      body: {
        partner: row.PartnerSearchString,
        threshold: row.Threshold,
        dailyDraw: row.WindowEntries,
        ...(row.SharedCode ? { shared_code: row.SharedCode } : { promotion: row.PromotionID }),
      },
    },
  );
}

/** What a clear of the partner would affect: the paid tickets of each current draw (DESIGN section 4 "Clear draw"). */
export function clearPreview(
  adminId: string,
  partnerSearchString: string,
  signal?: AbortSignal,
): Promise<ClearPreviewAnswer> {
  const path = `${pathOf(routes.clearPartnerDrawPreview, { id: adminId })}?partner=${encodeURIComponent(partnerSearchString)}`;
  return apiRequest<ClearPreviewAnswer>('GET', path, { signal });
}

/**
 * Clear Draw (spec section 7 "Clear partner draws": partnerUsername): closes
 * every current window of the partner without a winner, carrying its paid
 * entries into the next draw or refunding them (`mode`). The partner's
 * SearchString is sent, which the server accepts in that field: usernames
 * need not be unique, search strings are.
 */
export function clearPartnerDraw(
  adminId: string,
  partnerSearchString: string,
  mode: ClearDrawAnswer['mode'],
): Promise<ClearDrawAnswer> {
  return callRouteAs<ClearDrawAnswer>(
    routes.clearPartnerDraw,
    { id: adminId },
    { body: { partnerUsername: partnerSearchString, mode } },
  );
}

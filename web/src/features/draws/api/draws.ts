import { queryOptions } from '@tanstack/react-query';
import { drawRoutes as routes } from '@shared/api/routes/draws';
import type { PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import type { ClearDrawAnswer } from '@shared/api/schemas/draws';
import { callRoute } from '@web/lib/api-routes';
import type { VoidReason } from '@shared/redraw';

/**
 * Conduct Draw on the Draw tab (spec section 7 "Select winner": partner,
 * threshold, dailyDraw). The server decides from its own counts; the
 * promotion is named by its shared code, since a partner may run several.
 */
export const conductDraw = (adminId: string, row: PartnerDrawSummary) =>
  callRoute(
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

/** What a clear of the partner would affect: the paid tickets of each current draw (DESIGN section 4 "Clear draw"). */
export const clearPreviewQuery = (adminId: string, partnerSearchString: string) =>
  queryOptions({
    queryKey: ['clear-preview', adminId, partnerSearchString],
    queryFn: ({ signal }) =>
      callRoute(routes.clearPartnerDrawPreview, { id: adminId }, { query: { partner: partnerSearchString }, signal }),
  });

/**
 * Clear Draw (spec section 7 "Clear partner draws": partnerUsername): closes
 * every current window of the partner without a winner, carrying its paid
 * entries into the next draw or refunding them (`mode`). The partner's
 * SearchString is sent, which the server accepts in that field: usernames
 * need not be unique, search strings are.
 */
export const clearPartnerDraw = (adminId: string, partnerSearchString: string, mode: ClearDrawAnswer['mode']) =>
  callRoute(routes.clearPartnerDraw, { id: adminId }, { body: { partnerUsername: partnerSearchString, mode } });

/** Void a drawn winner for cause (issue 36 part 1; super admins): the server redraws and both records stay public. */
export const voidWinner = (adminId: string, body: { draw_id: string; reason: VoidReason; note: string }) =>
  callRoute(routes.voidWinner, { id: adminId }, { body });

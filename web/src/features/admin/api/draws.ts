import { routes } from '../../../../../shared/api/routes';
import type { PartnerDrawSummary } from '../../../../../shared/api/schemas/dashboards';
import type { SelectWinnerAnswer } from '../../../../../shared/api/schemas/draws';
import { callRoute } from '../../../lib/api-routes';

/**
 * Conduct Draw on the Draw tab (spec section 7 "Select winner": partner,
 * threshold, dailyDraw). The server decides from its own counts; the
 * promotion is named by its shared code, since a partner may run several.
 */
export function conductDraw(adminId: string, row: PartnerDrawSummary): Promise<SelectWinnerAnswer> {
  return callRoute<SelectWinnerAnswer>(routes.selectWinner, { id: adminId }, {
    body: {
      partner: row.PartnerSearchString,
      threshold: row.Threshold,
      dailyDraw: row.PartnerCurrentTotal,
      ...(row.SharedCode ? { shared_code: row.SharedCode } : { promotion: row.PromotionID }),
    },
  });
}

/**
 * Clear Draw (spec section 7 "Clear partner draws": partnerUsername): closes
 * every current window of the partner without a winner. The partner's
 * SearchString is sent, which the server accepts in that field: usernames
 * need not be unique, search strings are.
 */
export function clearPartnerDraw(adminId: string, partnerSearchString: string): Promise<{ message: string }> {
  return callRoute<{ message: string }>(routes.clearPartnerDraw, { id: adminId }, { body: { partnerUsername: partnerSearchString } });
}

import { messages } from '../../messages';
import { ANNOUNCER_SELF, SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import {
  announcerDrawBody,
  clearDrawBody,
  clearPreviewSearch,
  selectWinnerBody,
  voidWinnerBody,
} from '../schemas/draws';

/**
 * Draws and winners (spec section 7 "Select winner", "Clear partner
 * draws", "Announcer draw"; DESIGN section 5: `{id}` is the caller's own id,
 * the partner is named in the body). The admin's Draw tab is a Lambda of
 * its own ('draws'): a draw tells its winner by SMS and a cleared draw's
 * refunds go out by mobile money, so it holds the provider credentials the
 * rest of the admin portal never needs (and the admin bundle stays within
 * its 500 KB, DESIGN section 9).
 */
export const drawEndpoints = {
  /** The announcer's draw for one of its partner's promotions (named by shared_code). */
  announcerDraw: route('PUT', '/api/v1/announcer/:id/draw', 'announcer', ANNOUNCER_SELF, {
    required: { fields: ['shared_code'], message: messages.draw.nameThePromotion },
    body: announcerDrawBody,
  }),
  /** Conduct Draw on the admin's Draw tab. */
  selectWinner: route('PUT', '/api/v1/admin/select-winner/:id', 'draws', SUPER_ADMIN_SELF, {
    required: { fields: ['partner'], message: messages.draw.namePartner },
    body: selectWinnerBody,
  }),
  /** Clear Draw: close the partner's current windows without a winner. */
  clearPartnerDraw: route('DELETE', '/api/v1/admin/clear/partner/draw/:id', 'draws', SUPER_ADMIN_SELF, {
    required: { fields: ['partnerUsername'], message: messages.draw.namePartnerToClear },
    body: clearDrawBody,
  }),
  /** What a Clear Draw would affect (`?partner=`): the paid tickets of each current window (DESIGN section 4 "Clear draw"). */
  clearPartnerDrawPreview: route('GET', '/api/v1/admin/clear/partner/draw/:id/preview', 'draws', SUPER_ADMIN_SELF, {
    query: clearPreviewSearch,
  }),
  /** Void a drawn winner for cause and redraw (issue 36 part 1): a super admin only; both records stay public. */
  voidWinner: route('PUT', '/api/v1/admin/:id/draws/void', 'draws', SUPER_ADMIN_SELF, { body: voidWinnerBody }),
} as const satisfies Record<string, RouteSpec>;

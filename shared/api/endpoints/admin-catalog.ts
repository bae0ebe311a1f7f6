import { messages } from '../../messages';
import { SUPER_ADMIN_SELF } from '../access';
import { requiredWith, route, type RouteSpec } from '../route-spec';
import {
  ASSIGNMENT_FIELDS,
  assignmentBody,
  assignmentStatusBody,
  assignmentUpdateBody,
  idBody,
  PROMOTION_FIELDS,
  promotionBody,
  promotionUpdateBody,
  updateSettingsBody,
} from '../schemas/catalog';

const allRequired = requiredWith(messages.validation.allRequiredFields);
/** Spec section 5 "Partner promotion": 'Please fill in all fields.' */
const allFilled = requiredWith(messages.validation.fillInAllFieldsDot);

/** Promotions, partner-promotion assignments and house settings (spec section 7). */
export const adminCatalogEndpoints = {
  listPromotions: route('GET', '/api/v1/admin/:id/promotions', 'admin', SUPER_ADMIN_SELF),
  createPromotion: route('POST', '/api/v1/admin/:id/create-promotion', 'admin', SUPER_ADMIN_SELF, {
    required: allRequired(PROMOTION_FIELDS),
    body: promotionBody,
  }),
  updatePromotion: route('PUT', '/api/v1/admin/:id/promotion/update', 'admin', SUPER_ADMIN_SELF, {
    required: allRequired(['id', ...PROMOTION_FIELDS]),
    body: promotionUpdateBody,
  }),
  deletePromotion: route('DELETE', '/api/v1/admin/:id/delete-promotion', 'admin', SUPER_ADMIN_SELF, {
    body: idBody,
  }),

  assignPartnerPromotion: route('POST', '/api/v1/admin/:id/assign-partner/promotion', 'admin', SUPER_ADMIN_SELF, {
    required: allFilled(ASSIGNMENT_FIELDS),
    body: assignmentBody,
  }),
  updatePartnerPromotion: route('PUT', '/api/v1/admin/:id/partner/promotion/update', 'admin', SUPER_ADMIN_SELF, {
    required: allFilled(['id', ...ASSIGNMENT_FIELDS]),
    body: assignmentUpdateBody,
  }),
  setPartnerPromotionStatus: route('PUT', '/api/v1/admin/:id/partner/promotion/status', 'admin', SUPER_ADMIN_SELF, {
    body: assignmentStatusBody,
  }),
  deletePartnerPromotion: route(
    'DELETE',
    '/api/v1/admin/:id/delete-assigned/partner-promotion',
    'admin',
    SUPER_ADMIN_SELF,
    { body: idBody },
  ),
  listPartnerPromotions: route('GET', '/api/v1/admin/:id/get-assigned/partners/list', 'admin', SUPER_ADMIN_SELF),
  promotionsForAssignedPartner: route(
    'GET',
    '/api/v1/admin/:id/promotions-for/assigned/partner',
    'admin',
    SUPER_ADMIN_SELF,
    {},
  ),
  partnersForAssignedPromotion: route(
    'GET',
    '/api/v1/admin/:id/partners-for/assigned/promotion',
    'admin',
    SUPER_ADMIN_SELF,
    {},
  ),

  getSettings: route('GET', '/api/v1/admin/:id/settings', 'admin', SUPER_ADMIN_SELF),
  /** The version first, with the spec's own message; the settings' fields are checked next (functions/modules/draws/settings-http.ts). */
  updateSettings: route('PUT', '/api/v1/admin/:id/settings', 'admin', SUPER_ADMIN_SELF, {
    body: updateSettingsBody,
    invalidMessage: messages.settings.versionMissing,
  }),
} as const satisfies Record<string, RouteSpec>;

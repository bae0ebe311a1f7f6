import { messages } from '../../messages';
import { SUPER_ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';
import {
  idBody,
  PROMOTION_FIELDS,
  promotionBody,
  promotionResponse,
  promotionsList,
  promotionUpdateBody,
} from '../schemas/catalog';
import { messageResponse } from '../schemas/common';

const allRequired = (fields: readonly string[]) => ({ fields, message: messages.validation.allRequiredFields });

/** Promotions, partner-promotion assignments and house settings (spec section 7). */
export const adminCatalogRoutes = {
  listPromotions: route('GET', '/api/v1/admin/:id/promotions', 'admin', SUPER_ADMIN_SELF, {
    response: promotionsList,
  }),
  createPromotion: route('POST', '/api/v1/admin/:id/create-promotion', 'admin', SUPER_ADMIN_SELF, {
    required: allRequired(PROMOTION_FIELDS),
    body: promotionBody,
    response: promotionResponse,
  }),
  updatePromotion: route('PUT', '/api/v1/admin/:id/promotion/update', 'admin', SUPER_ADMIN_SELF, {
    required: allRequired(['id', ...PROMOTION_FIELDS]),
    body: promotionUpdateBody,
    response: promotionResponse,
  }),
  deletePromotion: route('DELETE', '/api/v1/admin/:id/delete-promotion', 'admin', SUPER_ADMIN_SELF, {
    body: idBody,
    response: messageResponse,
  }),

  assignPartnerPromotion: route('POST', '/api/v1/admin/:id/assign-partner/promotion', 'admin', SUPER_ADMIN_SELF),
  updatePartnerPromotion: route('PUT', '/api/v1/admin/:id/partner/promotion/update', 'admin', SUPER_ADMIN_SELF),
  setPartnerPromotionStatus: route('PUT', '/api/v1/admin/:id/partner/promotion/status', 'admin', SUPER_ADMIN_SELF),
  deletePartnerPromotion: route(
    'DELETE',
    '/api/v1/admin/:id/delete-assigned/partner-promotion',
    'admin',
    SUPER_ADMIN_SELF,
  ),
  listPartnerPromotions: route('GET', '/api/v1/admin/:id/get-assigned/partners/list', 'admin', SUPER_ADMIN_SELF),
  promotionsForAssignedPartner: route(
    'GET',
    '/api/v1/admin/:id/promotions-for/assigned/partner',
    'admin',
    SUPER_ADMIN_SELF,
    { response: promotionsList },
  ),
  partnersForAssignedPromotion: route(
    'GET',
    '/api/v1/admin/:id/partners-for/assigned/promotion',
    'admin',
    SUPER_ADMIN_SELF,
  ),

  getSettings: route('GET', '/api/v1/admin/:id/settings', 'admin', SUPER_ADMIN_SELF),
  updateSettings: route('PUT', '/api/v1/admin/:id/settings', 'admin', SUPER_ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;

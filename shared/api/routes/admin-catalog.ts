import { adminCatalogEndpoints } from '../endpoints/admin-catalog';
import { withAnswers } from '../route-spec';
import {
  assignmentGroups,
  assignmentResponse,
  assignmentStatusResponse,
  partnerOptionsList,
  promotionResponse,
  promotionsList,
  settingsResponse,
  settingsSaved,
} from '../schemas/catalog';
import { messageResponse } from '../schemas/common';

/** adminCatalogEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminCatalogRoutes = withAnswers(adminCatalogEndpoints, {
  listPromotions: promotionsList,
  createPromotion: promotionResponse,
  updatePromotion: promotionResponse,
  deletePromotion: messageResponse,
  assignPartnerPromotion: assignmentResponse,
  updatePartnerPromotion: assignmentResponse,
  setPartnerPromotionStatus: assignmentStatusResponse,
  deletePartnerPromotion: messageResponse,
  listPartnerPromotions: assignmentGroups,
  promotionsForAssignedPartner: promotionsList,
  partnersForAssignedPromotion: partnerOptionsList,
  getSettings: settingsResponse,
  updateSettings: settingsSaved,
});

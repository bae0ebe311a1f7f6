/**
 * The catalog (DESIGN section 4): promotions and their prices, prediction
 * categories and predictions, and the assignments of promotions to partners
 * (with the shared codes players enter them by). The module's entry: what
 * other modules and the Lambdas may use of it.
 */

export { assignmentGroups } from './assignment-groups-http';
export { registerAssignmentRoutes } from './assignments-http';
export { settingsView } from './catalog-views';
export { registerPredictionRoutes } from './predictions-http';
export { registerPromotionRoutes } from './promotions-http';
export { registerPublicSiteRoutes, registerSiteContentRoutes } from './site-content-http';
export { getContact } from './store/site-content';
export {
  assignmentItem,
  getAssignment,
  listAssignments,
  openedAssignment,
  toAssignment,
  type Assignment,
  type ClearMode,
  type ClearPending,
  type WindowClear,
} from './store/assignments';
export { categoryEntity, listCategories } from './store/prediction-categories';
export { listPredictionEntities } from './store/predictions';
export {
  getPromotion,
  getPromotions,
  listPromotions,
  newPromotionPut,
  toPromotion,
  type Promotion,
} from './store/promotions';
export { commitOpenWindow, getWindowSeed, newWindowSeed, windowSeedPut, type WindowSeed } from './store/window-seeds';

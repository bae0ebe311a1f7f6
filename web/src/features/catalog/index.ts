/** What other features use of the catalog: the partner promotions an assignment may name. */
export { usePromotionOptions } from './hooks/use-promotions';

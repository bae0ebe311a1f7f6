/**
 * Request shapes of the public play calls (spec section 3, DESIGN section 5).
 * Their answers are typed from the routes' response schemas
 * (`ResponseOut<typeof playRoutes.x>`), never written out again here.
 */
import type { Currency } from '@shared/money';

/** "100.00|LRD": an amount and its currency, separated by a pipe. */
export type EntryAmount = `${string}|${Currency}`;

/** POST /api/v1/{game}/entry: the route's body, its amount one of the listed options. */
export interface EntryRequest {
  mobile_number: string;
  amount: EntryAmount;
}

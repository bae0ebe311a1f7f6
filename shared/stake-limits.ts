/**
 * The limits every house-game setting is checked against (spec section 9), in cents:
 * "Minimum stake 100 LRD"; "each entry costs 100 LD or 0.5 USD" (so 0.50 USD is the least a
 * USD entry costs); "top prize up to 1,000,000 LRD".
 */
export const MIN_STAKE_CENTS = { LRD: 10_000, USD: 50 } as const;
export const TOP_PRIZE_LRD_CENTS = 100_000_000;

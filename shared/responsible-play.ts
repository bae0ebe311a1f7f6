/** The self-exclusion periods a player (USSD) or an admin may choose (DESIGN section 7). */
export const EXCLUSION_PERIODS = ['1-month', '6-months', 'permanent'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

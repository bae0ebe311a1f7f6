/**
 * The house games' prices and prizes as the public pages other than home
 * state them: as configured, in the one public money format. Until the
 * answer arrives the pages show a skeleton, never a default that may not be
 * the configured one.
 */
import { formatAmount } from '@web/lib/money';

/** A wire amount as the public pages show it, "25118.4" → "25,118.40". */
export const shownAmount = (amount: string): string => formatAmount(amount);

/** A price or prize as the Terms (the spec's text) write it: "100.00" → "100", "0.50" → "0.5", "1000000.00" → "1,000,000". */
export const plainAmount = (amount: string): string => shownAmount(amount).replace(/\.?0+$/, '');

/**
 * What differs between MTN's sandbox and a live market such as `mtnliberia`
 * (DESIGN section 8): the sandbox (`X-Target-Environment: sandbox`) accepts
 * only currency EUR and answers only for its own test numbers. The product
 * runs against it by configuration alone (`momo.targetEnvironment`): the
 * adapter then sends EUR and the sandbox number standing for the player's
 * number. In any other environment nothing is changed, so no test number can
 * ever be paid in production.
 */
import type { Currency } from '@shared/money';

const MTN_SANDBOX = 'sandbox';
/** The only currency MTN's sandbox accepts. */
const MTN_SANDBOX_CURRENCY = 'EUR';

/**
 * MTN's sandbox test numbers (MoMo developer portal, "Sandbox test numbers";
 * DESIGN section 8). Each ends in a different digit, 0 to 4.
 */
export const MTN_SANDBOX_NUMBERS = {
  failed: '46733123450',
  rejected: '46733123451',
  timeout: '46733123452',
  success: '56733123453',
  pending: '46733123454',
} as const;

/**
 * The test numbers in the order of their last digit (0 to 4). Compared as numbers, not with localeCompare:
 * this runs as the module loads, and a first localeCompare loads ICU's collation (about 13 ms of every
 * cold start of a bundle that pays by MoMo; DESIGN section 9).
 */
const SANDBOX_BY_LAST_DIGIT: readonly string[] = Object.values(MTN_SANDBOX_NUMBERS).sort(
  (a, b) => Number(a.slice(-1)) - Number(b.slice(-1)),
);

export function isMtnSandbox(targetEnvironment: string): boolean {
  return targetEnvironment === MTN_SANDBOX;
}

/** The currency code sent to MTN: EUR in the sandbox, else the payment's own. */
export function wireCurrency(currency: Currency, targetEnvironment: string): string {
  return isMtnSandbox(targetEnvironment) ? MTN_SANDBOX_CURRENCY : currency;
}

/**
 * The MSISDN sent to MTN. In the sandbox: the test number ending in the same
 * digit as the player's number (…0 failed, …1 rejected, …2 timeout, …3
 * success, …4 pending), the success number for any other last digit — a
 * Liberian number means nothing to the sandbox, which answers only for its
 * test numbers. Elsewhere: the player's number, unchanged.
 */
export function wireMsisdn(msisdn: string, targetEnvironment: string): string {
  if (!isMtnSandbox(targetEnvironment)) return msisdn;
  return SANDBOX_BY_LAST_DIGIT[Number(msisdn.slice(-1))] ?? MTN_SANDBOX_NUMBERS.success;
}

/**
 * A mobile money provider's failure code in plain words, for the staff who
 * decide whether to try again (the code itself stays on the Payouts screen).
 */
const PLAIN: Record<string, string> = {
  PAYEE_NOT_FOUND: 'this number has no mobile money account',
  PAYEE_NOT_ACTIVE: 'the mobile money account of this number is not active',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'this mobile money account may not receive payments',
  INSUFFICIENT_FLOAT: 'our payout account does not hold enough money to pay this',
  NOT_ENOUGH_FUNDS: 'our payout account does not hold enough money to pay this',
  APPROVAL_REJECTED: 'the transfer was rejected',
  REJECTED: 'the transfer was rejected',
  EXPIRED: 'the transfer timed out before it was completed',
  NOT_FOUND: 'the mobile money service has no record of the transfer',
  INTERNAL_PROCESSING_ERROR: 'the mobile money service had an internal error',
  SERVICE_UNAVAILABLE: 'the mobile money service was unavailable',
};

export const plainReason = (code: string): string =>
  PLAIN[code] ?? `the mobile money service did not complete the transfer (${code})`;

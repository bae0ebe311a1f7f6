/**
 * Payouts (DESIGN section 4 "Payouts"): partner and announcer balances,
 * their statements, prize payouts and the transfers that pay them, with
 * their confirmation and retries. The module's entry.
 */

export { confirmPayout, NOT_FOUND_SETTLE_MS } from './confirm-payout';
export { checkView, expireHeldPrizes, heldPrizesOf, heldPrizesView, recordIdentityCheck } from './held-prizes';
export { registerPayoutRoutes } from './http';
export { payoutRefusals } from './pay-from-balance';
export { prizePayoutId, refundPayoutId } from './payout-id';
export { payoutRecords } from './payout-records';
export { prizePaidSmsText } from './prize-sms';
export { RECONCILE_PAYOUTS_AFTER_MS, reconcilePayouts } from './reconcile-payouts';
export { retryPayoutId } from './retry-payout';
export { PAYOUT_CHECK_UNAVAILABLE, payoutRefusalFor, sendTransfer } from './send-transfer';
export { registerStatement } from './statement';
export {
  balanceChange,
  balanceChanges,
  balancesByRole,
  balancesOf,
  entrySharesOf,
  getBalanceCents,
  ledgerLinesBetween,
  listBalances,
  listLedger,
  type BalanceChange,
  type EntryShare,
  type LedgerLine,
} from './store/balances';
export {
  getPayout,
  getPayouts,
  holdBalancePayout,
  newPayoutPut,
  startPrizePayout,
  type Payout,
} from './store/payouts';
export { markPayoutFailed, markPayoutPaid } from './store/payout-settlement';
export { listPayoutsPage, payoutsBetween } from './store/payouts-page';

/**
 * Payouts (DESIGN section 4 "Payouts"): partner and announcer balances,
 * their statements, prize payouts and the transfers that pay them, with
 * their confirmation and retries. The module's entry.
 */

export { confirmPayout } from './confirm-payout';
export { registerPayoutRoutes } from './http';
export { refundPayoutId } from './payout-id';
export { payoutRecords } from './payout-records';
export { reconcilePayouts } from './reconcile-payouts';
export { payoutRefusalFor, sendTransfer } from './send-transfer';
export { registerStatement } from './statement';
export {
  balanceChanges,
  balancesByRole,
  balancesOf,
  getBalanceCents,
  listBalances,
  listLedger,
  type BalanceChange,
  type LedgerLine,
} from './store/balances';
export { getPayout, newPayoutPut, type Payout } from './store/payouts';
export { listPayoutsPage } from './store/payouts-page';

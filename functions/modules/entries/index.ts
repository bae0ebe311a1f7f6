/**
 * Entries (DESIGN section 4): from a player's submit to the ticket SMS —
 * starting an entry, the payment prompt, the provider's confirmation,
 * settlement into tickets and counters, late payments, rechecks and
 * reconciliation. The module's entry.
 */

export { confirmPayment } from './confirm-payment';
export { lrdValueOf, stakeText } from './money-split';
export { sendPaymentPrompt } from './payment-prompt';
export { registerPlayRoutes } from './play-http';
export { recheckUnpaid } from './recheck-unpaid';
export { reconcilePayments } from './reconcile-payments';
export { startEntry } from './start-entry';
export { getEntry, type Entry } from './store/entries';
export { getEntries, msisdnsOf, pendingEntriesBefore, recentEntriesOf } from './store/entry-reads';
export { verifyTicket } from './verify-ticket';
export { frontierOf } from './window-frontier';

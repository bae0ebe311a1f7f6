/**
 * Entries (DESIGN section 4): from a player's submit to the ticket SMS —
 * starting an entry, the payment prompt, the provider's confirmation,
 * settlement into tickets and counters, late payments, rechecks and
 * reconciliation. The module's entry.
 */

export { confirmPayment } from './confirm-payment';
export { readEntryStatus } from './entry-status';
export { refundOrphanDebit } from './late-payment';
export { lrdValueOf, stakeText } from './money-split';
export { ticketsOfNumber, type ListedTicket, type PendingEntry } from './number-tickets';
export { sendPaymentPrompt } from './payment-prompt';
export { registerMyTicketsRoutes } from './my-tickets-http';
export { registerPlayRoutes } from './play-http';
export { recheckUnpaid } from './recheck-unpaid';
export { reconcileEntry, reconcilePayments } from './reconcile-payments';
export { MAX_BATCH } from './settle-batch';
export { settleConfirmedEntries, settlePaidEntry } from './settlement';
export { settleConfirmedRecords } from './settlement-stream';
export { startEntry } from './start-entry';
export { confirmEntry, failEntry, getEntry, promptOwed, putPendingEntry, type Entry } from './store/entries';
export { entryOfTicket, getEntries, msisdnsOf, recentEntriesOf } from './store/entry-reads';
export { entryWatchersToTell, MAX_ENTRY_WATCHERS, unwatchEntry, watchEntry } from './store/entry-watchers';
export { pendingEntriesBefore } from './store/pending-marks';
export { dueRechecks } from './store/unpaid-recheck';
export { dammCheckDigit, parseTicketNumber } from './ticket-number';
export { ticketSmsText } from './ticket-sms';
export { ticketMessages, verifyTicket } from './verify-ticket';
export { frontierOf } from './window-frontier';
export { getWindowEntry, listWindowEntries, windowRunPuts, type WindowEntry } from './store/window-runs';

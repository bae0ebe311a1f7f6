/** What other features use of payouts: paying a partner's or announcer's balance from their list. */
export { payAnnouncer, payPartner } from './api/payments';
export { AccountBalanceCell } from './components/AccountBalanceCell';
export { PaymentModal } from './components/PaymentModal';
export { PayRowButton } from './components/PayRowButton';
export { useBusyIds } from './components/use-busy-ids';

/**
 * The books (DESIGN section 4 "Tax"): the game ledger's lines (stakes,
 * refunds, prizes) and the money counters, written in the same
 * transaction as the money movement they count. Below every module that
 * moves money.
 * The module's entry.
 */

export {
  countedLines,
  prizeLine,
  refundLine,
  stakeLine,
  type CountedLine,
  type GameLedgerLine,
} from './game-ledger-rules';
export {
  PLATFORM,
  PLATFORM_SHARDS,
  isPlatformOwner,
  paidEntriesCounterWrites,
  paidEntriesDelta,
  readCounters,
  readPlatformCounters,
  readWinnerCounters,
  sumCounterValues,
  winnerCounterWrites,
  type CounterValues,
  type WinnerCounterValues,
} from './store/counters';
export {
  isRefundOwner,
  MONEY_OUT,
  moneyOutCounterWrites,
  readMoneyOut,
  readRefundedValue,
  refundCounterWrites,
  type MoneyOutValues,
} from './store/money-out-counters';
export {
  gameLedgerLinesBetween,
  gameLedgerPut,
  prizeLinesBetween,
  stakeLinesPage,
  type StoredGameLedgerLine,
} from './store/game-ledger';
export { gameLedgerStakesPut } from './store/stake-batches';

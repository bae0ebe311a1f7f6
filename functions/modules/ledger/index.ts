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
  MONEY_OUT,
  PLATFORM,
  PLATFORM_SHARDS,
  isPlatformOwner,
  isRefundOwner,
  moneyOutCounterWrites,
  paidEntriesCounterWrites,
  paidEntriesDelta,
  readCounters,
  readMoneyOut,
  readPlatformCounters,
  readRefundedValue,
  readWinnerCounters,
  refundCounterWrites,
  sumCounterValues,
  winnerCounterWrites,
  type CounterValues,
  type MoneyOutValues,
  type WinnerCounterValues,
} from './store/counters';
export {
  gameLedgerLinesBetween,
  gameLedgerPut,
  prizeLinesBetween,
  stakeLinesPage,
  type StoredGameLedgerLine,
} from './store/game-ledger';
export { gameLedgerStakesPut } from './store/stake-batches';

import { randomInt } from 'node:crypto';
import { parseMoney } from '@shared/money';
import type { MomoLedger } from './momo-sim-accounts';
import type { MomoLagState } from './momo-sim-lag';
import { type SimulatedTransaction, type SimulatorStats, transactionBody } from './momo-sim-rules';
import { deliverCallback } from './sim-http';

const CALLBACK_TIMEOUT_MS = 5_000;

/** What settling needs from the MoMo simulator (./momo-simulator.ts). */
export interface SettlerDeps {
  ledger: MomoLedger;
  counters: SimulatorStats;
  lag: MomoLagState;
  /** Slow requests whose POST is not answered yet: they call back only once it is. */
  unanswered: ReadonlySet<string>;
  save(): void;
  later(ms: number, run: () => void): void;
  signal: AbortSignal;
}

/**
 * How a held MoMo transaction settles when its time comes (money moves, or
 * NOT_ENOUGH_FUNDS when the float cannot cover a transfer) and how MTN calls
 * back: one PUT of the status body to X-Callback-Url (as many as the number's
 * outcome says), once a status query could find it, never retried.
 */
export class MomoSettler {
  constructor(private readonly deps: SettlerDeps) {}

  schedule(transaction: SimulatedTransaction): void {
    if (transaction.status !== 'PENDING' || transaction.settleAt === undefined) return;
    this.deps.later(Math.max(0, transaction.settleAt - Date.now()), () => this.settle(transaction));
  }

  private settle(transaction: SimulatedTransaction): void {
    if (transaction.status !== 'PENDING' || !transaction.settleTo) return;
    let status = transaction.settleTo;
    let reason = transaction.settleReason;
    if (status === 'SUCCESSFUL') {
      const cents = parseMoney(transaction.request.amount) ?? 0;
      const { currency } = transaction.request;
      const moved = this.deps.ledger.move(transaction.environment, transaction.product, currency, cents);
      if (!moved) [status, reason] = ['FAILED', 'NOT_ENOUGH_FUNDS'];
    }
    transaction.status = status;
    transaction.settledAt = new Date().toISOString();
    if (status === 'SUCCESSFUL') transaction.financialTransactionId = String(randomInt(100_000_000, 999_999_999));
    else transaction.reason = reason;
    delete transaction.settleAt;
    this.deps.save();
    this.callBackOnceVisible(transaction);
  }

  /** MTN calls back once its status query can find the transaction (a slow or young one waits). */
  private callBackOnceVisible(transaction: SimulatedTransaction): void {
    if (!transaction.callbackUrl || !transaction.callbacks) return;
    const key = `${transaction.product}:${transaction.referenceId}`;
    if (this.deps.unanswered.has(key) || this.deps.lag.stillIndexing(transaction.createdAt)) {
      this.deps.later(100, () => this.callBackOnceVisible(transaction));
      return;
    }
    void this.callBack(transaction, transaction.callbackUrl, transaction.callbacks);
  }

  /** PUT the transaction to the callback URL `times` times, one after another; failures are logged, never retried (MTN promises no delivery). */
  private async callBack(transaction: SimulatedTransaction, callbackUrl: string, times: number): Promise<void> {
    for (let i = 0; i < times; i += 1) {
      transaction.callbacksSent += 1;
      this.deps.save();
      const outcome = await deliverCallback(
        callbackUrl,
        'PUT',
        transactionBody(transaction),
        this.deps.signal,
        CALLBACK_TIMEOUT_MS,
      );
      if ('stopped' in outcome) return;
      if (outcome.delivered) this.deps.counters.callbacks.delivered += 1;
      else this.callbackFailed(transaction, outcome.why);
    }
  }

  private callbackFailed(transaction: SimulatedTransaction, why: string): void {
    this.deps.counters.callbacks.failed += 1;
    // the callback URL carries a per-payment secret (DESIGN section 7): name the reference only
    console.warn(
      `[momo-simulator] callback for ${transaction.product} ${transaction.referenceId} not delivered: ${why}`,
    );
  }
}

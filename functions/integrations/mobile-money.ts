/**
 * The mobile-money port (DESIGN section 8). Domain code asks for money and
 * checks on it through this interface only; adapters speak the providers'
 * APIs (MTN MoMo Open API in ./momo/, Orange Money Core API in ./orange/;
 * ./providers.ts picks one by the number's network).
 * Amounts are whole cents; references are UUID v4s saved BEFORE sending.
 */
import type { Currency } from '@shared/money';

type ProviderStatus = 'SUCCESSFUL' | 'PENDING' | 'FAILED';

export interface StatusResult {
  status: ProviderStatus;
  /**
   * The provider's reason when FAILED (e.g. APPROVAL_REJECTED, EXPIRED, PAYEE_NOT_FOUND; NOT_FOUND: it holds
   * nothing under the reference). When PENDING, NOT_PROMPTED: it holds the reference but no request that
   * prompts the payer (Orange's INITIATED payToken, which no `pay` has used) — a resend is due, not a wait.
   */
  reason?: string;
  /** The provider's transaction id once SUCCESSFUL. */
  financialTransactionId?: string;
}

export interface CollectRequest {
  /** X-Reference-Id: a UUID v4 the caller has already stored. */
  referenceId: string;
  /** 231XXXXXXXXX */
  msisdn: string;
  amountCents: number;
  currency: Currency;
  /** Our id for the provider's records (the entry id). */
  externalId: string;
  payerMessage: string;
  payeeNote: string;
  /** Where the provider calls back (carries a per-payment secret). */
  callbackUrl: string;
}

/** A payout carries the same fields: the MSISDN is the payee's. */
export type TransferRequest = CollectRequest;

/** A payout a provider checks before it is sent. */
export interface PayoutCheckRequest {
  /** 231XXXXXXXXX, the payee's. */
  msisdn: string;
  amountCents: number;
  currency: Currency;
}

/**
 * Why a payout must not be sent: the payee has no active wallet, or our
 * payout float (the disbursement account) does not cover the amount in its
 * currency.
 */
export type PayoutRefusalReason = 'PAYEE_NOT_ACTIVE' | 'INSUFFICIENT_FLOAT';

export interface MobileMoneyProvider {
  readonly name: 'mtn' | 'orange';
  /**
   * Ask the payer to approve a payment (MTN: POST /collection/v1_0/requesttopay → 202; Orange: mp/init, then
   * mp/pay). Idempotent under one reference: a resend never makes a second debit (MTN answers 409 for a
   * reference it holds; Orange uses a payToken once), yet prompts a payer whom the first request never reached.
   */
  requestToPay(request: CollectRequest): Promise<void>;
  /**
   * MTN: GET /collection/v1_0/requesttopay/{ref}. A reference the provider does not find → FAILED, reason
   * NOT_FOUND: never a final word (a young reference may still be indexed: DESIGN section 4); a status word
   * the provider does not document → PENDING. Orange: a payToken no `pay` has used → PENDING, NOT_PROMPTED.
   */
  paymentStatus(referenceId: string): Promise<StatusResult>;
  /** Pay out (MTN: POST /disbursement/v1_0/transfer → 202; Orange: cashin/init, then cashin/pay). */
  transfer(request: TransferRequest): Promise<void>;
  /** MTN: GET /disbursement/v1_0/transfer/{ref}. */
  transferStatus(referenceId: string): Promise<StatusResult>;
  /**
   * Before a payout: why it must not be sent, or undefined when it may be.
   * Throws as the other calls do when the provider cannot tell (the payout is
   * then not sent either). MTN: the account-holder and balance calls; a
   * provider without such calls leaves it out.
   */
  payoutRefusal?(request: PayoutCheckRequest): Promise<PayoutRefusalReason | undefined>;
}

/**
 * Thrown when the provider could not be reached, answered 5xx or 429, or refused our credentials (401/403):
 * the outcome is unknown, retry by status query.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** Thrown when the provider refused the request outright (4xx other than 401/403/429, or 404 on a status query). */
export class ProviderRejectedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
    /** Why, in the port's words, when the adapter can tell (PAYER_NOT_FOUND: the number has no wallet). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ProviderRejectedError';
  }
}

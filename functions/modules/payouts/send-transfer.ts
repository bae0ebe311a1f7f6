import { formatMoney } from '@shared/money';
import { transferCallbackPath } from '../../integrations/callback-paths';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type MobileMoneyProvider,
  type PayoutRefusalReason,
} from '../../integrations/mobile-money';
import { ProviderNotAvailableError, payoutProviderFor } from '../../integrations/providers';
import { integrationConfig } from '../../integrations/secrets';
import { logger } from '../../platform/logger';
import type { Payout, PayoutStatus } from './store/payouts';
import { markPayoutFailed } from './store/payout-settlement';

/**
 * Why a payout was never sent because the check before it could not be made
 * (the provider errored or timed out): a transient reason. The payout fails
 * unsent — nothing can be paid twice — so a prize is retried on the prize
 * backoff and a balance payout's hold comes back for staff to send again.
 */
export const PAYOUT_CHECK_UNAVAILABLE = 'PAYOUT_CHECK_UNAVAILABLE';

export interface SentTransfer {
  status: PayoutStatus;
  /** Set when it failed at once: the provider's refusal, or why it was not sent. */
  reason?: string;
}

/**
 * Send a stored payout (its id is the X-Reference-Id) to the provider, after
 * checking the payee's wallet is active and our float covers it (DESIGN
 * section 8): a payout that would bounce is never sent. A refusal, before or
 * at sending, fails it at once (a balance payout's hold is restored in that
 * same transaction, with its ledger line); an unknown outcome of the transfer
 * itself leaves it pending for the callback or the reconciliation job to
 * settle by status query — never sent twice.
 */
export async function sendTransfer(
  payout: Payout,
  secret: string,
  now: Date,
  /** The caller made the check (payoutRefusalFor) a moment ago and it passed. */
  checked = false,
): Promise<SentTransfer> {
  let provider: MobileMoneyProvider;
  try {
    provider = await payoutProviderFor(payout.msisdn);
    const refusal = checked ? undefined : await checkBeforePaying(provider, payout);
    if (refusal) return await notSent(payout, refusal, now);
  } catch (error) {
    if (error instanceof ProviderNotAvailableError) return notSent(payout, 'NO_PROVIDER', now);
    // the check could not be made: never pay blind; nothing was sent, so failing it cannot lose or double money
    logger.warn('payout check unavailable; payout not sent', { payoutId: payout.id, correlationId: payout.id, error });
    return notSent(payout, PAYOUT_CHECK_UNAVAILABLE, now);
  }
  try {
    const config = await integrationConfig();
    await provider.transfer({
      referenceId: payout.id,
      msisdn: payout.msisdn,
      amountCents: payout.amountCents,
      currency: payout.currency,
      externalId: payout.id,
      payerMessage:
        payout.kind === 'prize'
          ? `Prize: ${payout.promotionTitle}`
          : payout.kind === 'refund'
            ? `Refund: ${payout.promotionTitle}`
            : `${payout.promotionTitle} payout`,
      payeeNote: `${payout.kind} payout ${formatMoney(payout.amountCents)} ${payout.currency}`,
      callbackUrl: `${config.publicBaseUrl}${transferCallbackPath(provider.name, payout.id, secret)}`,
    });
    return { status: 'pending' };
  } catch (error) {
    if (error instanceof ProviderRejectedError) return notSent(payout, `REJECTED_${error.status}`, now);
    // the request may have reached the provider: only a status query can tell (reconciliation asks)
    if (error instanceof ProviderUnavailableError) logger.warn('payout outcome unknown', { payoutId: payout.id });
    else
      logger.error('payout send failed unexpectedly; reconciliation will ask the provider', {
        payoutId: payout.id,
        correlationId: payout.id,
        error,
      });
    return { status: 'pending' };
  }
}

/**
 * The check sendTransfer makes before paying, made on its own: why the provider would refuse this payout,
 * or undefined if it can be paid. Throws when the check cannot be made (the provider errored or timed
 * out): a caller that has committed nothing yet may simply try again later (a cleared draw's refunds,
 * functions/modules/draws/clear-entries.ts).
 */
export async function payoutRefusalFor(
  payee: Pick<Payout, 'msisdn' | 'amountCents' | 'currency'>,
): Promise<string | undefined> {
  let provider: MobileMoneyProvider;
  try {
    provider = await payoutProviderFor(payee.msisdn);
  } catch (error) {
    if (error instanceof ProviderNotAvailableError) return 'NO_PROVIDER';
    throw error;
  }
  return checkBeforePaying(provider, payee);
}

async function checkBeforePaying(
  provider: MobileMoneyProvider,
  payout: Pick<Payout, 'msisdn' | 'amountCents' | 'currency'>,
): Promise<PayoutRefusalReason | undefined> {
  return provider.payoutRefusal?.({
    msisdn: payout.msisdn,
    amountCents: payout.amountCents,
    currency: payout.currency,
  });
}

/** Fails a payout the provider refused or that was never sent; a balance payout's hold comes back with its ledger line. */
async function notSent(payout: Payout, reason: string, now: Date): Promise<SentTransfer> {
  // a float too low for a payout needs an operator (top up the disbursement account); the rest is the payee's or the provider's
  if (reason === 'INSUFFICIENT_FLOAT')
    logger.error('payout not sent: the disbursement float does not cover it', { payoutId: payout.id, reason });
  else logger.warn('payout refused or not sent', { payoutId: payout.id, reason });
  return (await markPayoutFailed(payout, reason, now)) ? { status: 'failed', reason } : { status: 'pending' };
}

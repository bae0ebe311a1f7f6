import { formatMoney } from '../../shared/money';
import { transferCallbackPath } from '../integrations/callback-paths';
import { ProviderRejectedError, ProviderUnavailableError } from '../integrations/mobile-money';
import { ProviderNotAvailableError, payoutProviderFor } from '../integrations/providers';
import { integrationConfig } from '../integrations/secrets';
import { logger } from '../lib/logger';
import { markPayoutFailed, type Payout, type PayoutStatus } from '../store/payouts';

/**
 * Send a stored payout (its id is the X-Reference-Id) to the provider. A
 * refusal fails it at once (a balance payout's hold is restored in that same
 * transaction); an unknown outcome leaves it pending for the callback or the
 * reconciliation job to settle by status query — never sent twice.
 */
export async function sendTransfer(payout: Payout, secret: string, now: Date): Promise<PayoutStatus> {
  try {
    const [provider, config] = await Promise.all([payoutProviderFor(payout.msisdn), integrationConfig()]);
    await provider.transfer({
      referenceId: payout.id,
      msisdn: payout.msisdn,
      amountCents: payout.amountCents,
      currency: payout.currency,
      externalId: payout.id,
      payerMessage: payout.kind === 'prize' ? `Prize: ${payout.promotionTitle}` : `${payout.promotionTitle} payout`,
      payeeNote: `${payout.kind} payout ${formatMoney(payout.amountCents)} ${payout.currency}`,
      callbackUrl: `${config.publicBaseUrl}${transferCallbackPath(provider.name, payout.id, secret)}`,
    });
    return 'pending';
  } catch (error) {
    if (error instanceof ProviderRejectedError || error instanceof ProviderNotAvailableError) {
      const reason = error instanceof ProviderRejectedError ? `REJECTED_${error.status}` : 'NO_PROVIDER';
      logger.warn('payout refused by the provider', { payoutId: payout.id, reason });
      return (await markPayoutFailed(payout, reason, now)) ? 'failed' : 'pending';
    }
    // the request may have reached the provider: only a status query can tell (reconciliation asks)
    if (error instanceof ProviderUnavailableError) logger.warn('payout outcome unknown', { payoutId: payout.id });
    else logger.error('payout send failed unexpectedly; reconciliation will ask the provider', { payoutId: payout.id, correlationId: payout.id, error });
    return 'pending';
  }
}

import { randomUUID } from 'node:crypto';
import type { CollectRequest } from '../../functions/integrations/mobile-money';

/**
 * A payment request as the product asks a provider for one (the port's
 * CollectRequest), for the adapter and simulator tests: 100.00 LRD under a
 * fresh reference; `overrides` may name what depends on that reference.
 */
export function aCollectRequest(
  msisdn: string,
  overrides: Partial<CollectRequest> | ((referenceId: string) => Partial<CollectRequest>) = {},
): CollectRequest {
  const referenceId = randomUUID();
  return {
    referenceId,
    msisdn,
    amountCents: 10_000,
    currency: 'LRD',
    externalId: `entry-${referenceId.slice(0, 8)}`,
    payerMessage: 'Daily draw ticket',
    payeeNote: 'Daily draw entry',
    callbackUrl: '',
    ...(typeof overrides === 'function' ? overrides(referenceId) : overrides),
  };
}

import { networkOf } from './phone';

/**
 * The mobile-money providers (MobileMoneyProvider.name): each network's money
 * goes only through its own (DESIGN section 8) — Lonestar MTN numbers through
 * MTN MoMo, Orange numbers through Orange Money.
 */
export const PAYMENT_PROVIDERS = ['mtn', 'orange'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The provider a payment from or payout to `msisdn` goes through (whether it is configured is another question). */
export function paymentProviderOf(msisdn: string): PaymentProvider | undefined {
  const network = networkOf(msisdn);
  return network === 'lonestar' ? 'mtn' : network === 'orange' ? 'orange' : undefined;
}

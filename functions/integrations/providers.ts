/**
 * Which mobile-money provider serves a number (DESIGN section 8): Lonestar
 * MTN numbers → the MTN MoMo adapter; Orange numbers → the Orange Money
 * adapter when the integrations secret has an `orange` section (on the local
 * stack: the Orange simulator), else refused with a message fit for the
 * player. Each network's money goes only through its own provider, on the
 * local stack too.
 */
import { paymentProviderOf } from '@shared/payment-providers';
import { getPayToken, replacePayToken, savePayToken } from './orange/store/pay-tokens';
import type { MobileMoneyProvider } from './mobile-money';
import { MtnMomoProvider } from './momo/mtn-momo';
import { OrangeMoneyProvider, type PayTokens } from './orange/orange-money';
import { providerTokens } from './tokens/store/provider-tokens';
import { integrationConfig, type MomoConfig, type OrangeConfig } from './secrets';

export const ORANGE_NOT_AVAILABLE = 'Orange Money payments are not available yet. Please use a Lonestar MTN number.';

/** No provider can serve this number; the message is fit to show the player. */
export class ProviderNotAvailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderNotAvailableError';
  }
}

/** The provider that collects a payment from `msisdn` (231XXXXXXXXX). */
export async function providerFor(msisdn: string): Promise<MobileMoneyProvider> {
  return providerForNumber(msisdn);
}

/** The provider that pays out to `msisdn`; the same choice as for payments. */
export async function payoutProviderFor(msisdn: string): Promise<MobileMoneyProvider> {
  return providerForNumber(msisdn);
}

async function providerForNumber(msisdn: string): Promise<MobileMoneyProvider> {
  const name = paymentProviderOf(msisdn);
  if (name === 'mtn') return mtnMomoProvider();
  if (name === 'orange') {
    const provider = await orangeMoneyProvider();
    if (!provider) throw new ProviderNotAvailableError(ORANGE_NOT_AVAILABLE);
    return provider;
  }
  throw new ProviderNotAvailableError(`No mobile-money provider serves ${msisdn.slice(0, 5)}… numbers.`);
}

let mtn: { provider: MtnMomoProvider; config: MomoConfig } | undefined;
let orange: { provider: OrangeMoneyProvider; config: OrangeConfig } | undefined;

/**
 * The adapters for the current config, kept across calls so a warm Lambda
 * reuses their cached tokens (shared with the other containers through the table); rebuilt when the config changes (rotated keys,
 * or a test pointing a base URL elsewhere). Exported for tests.
 */
export async function mtnMomoProvider(): Promise<MtnMomoProvider> {
  const { momo } = await integrationConfig();
  if (!mtn || !sameConfig(mtn.config, momo))
    mtn = { provider: new MtnMomoProvider(momo, { sharedTokens: providerTokens }), config: momo };
  return mtn.provider;
}

/** The Orange adapter, or undefined when no Orange credentials are configured. */
export async function orangeMoneyProvider(): Promise<OrangeMoneyProvider | undefined> {
  const { orange: config } = await integrationConfig();
  if (!config) return undefined;
  if (!orange || !sameConfig(orange.config, config))
    orange = { provider: new OrangeMoneyProvider(config, storedPayTokens, { sharedTokens: providerTokens }), config };
  return orange.provider;
}

/** Orange's payTokens, in the table (functions/integrations/orange/store/pay-tokens.ts). */
export const storedPayTokens: PayTokens = { get: getPayToken, save: savePayToken, replace: replacePayToken };

function sameConfig<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as Array<keyof T>).every((key) => a[key] === b[key]);
}

/**
 * Which mobile-money provider serves a number (DESIGN section 8): Lonestar
 * MTN numbers → the MTN MoMo adapter; Orange numbers → an Orange Money
 * adapter once it exists and its credentials are configured. On the local
 * stack every number goes to the simulator through the MTN adapter, so the
 * documented test numbers work on both networks.
 */
import { networkOf } from '../../shared/phone';
import { config } from '../lib/config';
import type { MobileMoneyProvider } from './mobile-money';
import { MtnMomoProvider } from './momo/mtn-momo';
import { integrationConfig, type MomoConfig } from './secrets';

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
  if (config.isLocalStack()) return mtnMomoProvider();
  const network = networkOf(msisdn);
  if (network === 'lonestar') return mtnMomoProvider();
  if (network === 'orange') {
    // The Orange Money adapter is not built yet; with it, this becomes
    // "an Orange adapter when (await integrationConfig()).orange is set".
    throw new ProviderNotAvailableError(ORANGE_NOT_AVAILABLE);
  }
  throw new ProviderNotAvailableError(`No mobile-money provider serves ${msisdn.slice(0, 5)}… numbers.`);
}

let mtn: { provider: MtnMomoProvider; config: MomoConfig } | undefined;

/**
 * The MTN adapter for the current config, kept across calls so a warm Lambda
 * reuses its cached tokens; rebuilt when the config changes (rotated keys,
 * or a test pointing MOMO_BASE_URL elsewhere). Exported for tests.
 */
export async function mtnMomoProvider(): Promise<MtnMomoProvider> {
  const { momo } = await integrationConfig();
  if (!mtn || !sameMomoConfig(mtn.config, momo)) mtn = { provider: new MtnMomoProvider(momo), config: momo };
  return mtn.provider;
}

function sameMomoConfig(a: MomoConfig, b: MomoConfig): boolean {
  return (Object.keys(a) as Array<keyof MomoConfig>).every((key) => a[key] === b[key]);
}

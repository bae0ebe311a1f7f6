/**
 * Integration configuration and secrets, read in one place (DESIGN section 8).
 *
 * In AWS: the JSON of the Secrets Manager secret `INTEGRATIONS_SECRET_ARN`
 * (created by the data stack, filled in by an operator), read through the AWS
 * Parameters and Secrets Lambda Extension (a layer the CDK adds to every
 * function given the secret) rather than the SDK's Secrets Manager client,
 * which would put its ~13 KB into each bundle (DESIGN section 9: bundles at
 * most 500 KB). Cached in the module for 5 minutes so a warm Lambda does not
 * ask per request yet picks up a rotated key soon after. On the local stack
 * (`LOCAL_STACK=1`): the fixed values of ./local-defaults, `MOMO_BASE_URL`
 * (the MoMo simulator), `ORANGE_BASE_URL` (the Orange Money simulator) and
 * `AFRICASTALKING_BASE_URL` (the SMS simulator; the outbox without it).
 *
 * Nothing here is ever logged: error messages name fields, never values.
 */
import { USSD_SERVICE_CODE, type UssdDigitsIn, type UssdServer } from '@shared/ussd';
import { config } from '../platform/config';
import { secretStringFromExtension } from '../platform/secrets-extension';
import { localDefaults } from './local-defaults';
import { NO_VALUE_YET, parseIntegrationSecret, trimSlash } from './secret-parse';
import { MESSAGING_PATH } from './sms/africas-talking-wire';

export interface MomoConfig {
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  collectionSubscriptionKey: string;
  disbursementSubscriptionKey: string;
  /**
   * X-Target-Environment: `mtnliberia` in production; `sandbox` against MTN's
   * sandbox (EUR and its test numbers: ./momo/momo-environment.ts).
   */
  targetEnvironment: string;
}

/**
 * Orange Money Core API (DESIGN section 8): host and credentials from the
 * merchant contract. `clientId`/`clientSecret` get the OAuth2 token;
 * `apiUsername`/`apiPassword` are the channel user's, sent as X-AUTH-TOKEN;
 * the channel user's PIN authorises each mp/pay and cashin/pay. The Core API
 * has no currency field, so each currency is paid into (and out of) its own
 * channel wallet: `channelMsisdnLrd`, `channelMsisdnUsd`.
 */
export interface OrangeConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  apiUsername: string;
  apiPassword: string;
  pin: string;
  channelMsisdnLrd: string;
  channelMsisdnUsd: string;
}

/** Per-gateway secrets the USSD gateways authenticate with (DESIGN section 7). */
export interface UssdSecrets {
  lonestar: string;
  orange: string;
}

export type SmsConfig =
  | { mode: 'outbox' }
  | { mode: 'africastalking'; username: string; apiKey: string; senderId?: string; endpoint?: string };

export interface IntegrationConfig {
  momo: MomoConfig;
  orange?: OrangeConfig;
  ussd: UssdSecrets;
  /** Each gateway's base code, as its requests carry it in `serviceCode` (DESIGN section 8). */
  ussdServiceCodes: Readonly<Record<UssdServer, string>>;
  /** Where each gateway puts the digits dialled after its base code (DESIGN section 8; default `text`). */
  ussdDigitsIn: Readonly<Record<UssdServer, UssdDigitsIn>>;
  sms: SmsConfig;
  /**
   * The secret Africa's Talking's incoming-message callback carries (`?key=`), as the USSD gateways'
   * (DESIGN section 7): absent, every inbound SMS is refused.
   */
  smsIncomingKey?: string;
  /** Where providers reach us (callback URLs are built on it), no trailing slash. */
  publicBaseUrl: string;
}

const CACHE_MS = 5 * 60_000;

let cached: { value: IntegrationConfig; until: number } | undefined;
let inFlight: Promise<IntegrationConfig> | undefined;

export async function integrationConfig(): Promise<IntegrationConfig> {
  if (config.isLocalStack()) return localConfig();
  if (cached && Date.now() < cached.until) return cached.value;
  // concurrent callers in one warm Lambda share one read
  inFlight ??= readSecretConfig()
    .then((value) => {
      cached = { value, until: Date.now() + CACHE_MS };
      return value;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** Drops the cached secret (tests; or after a provider refused our credentials). */
export function forgetIntegrationConfig(): void {
  cached = undefined;
}

/** Locally a gateway reads dialled digits from `text` (as Africa's Talking sends them) unless USSD_DIGITS_IN_<GATEWAY> says `serviceCode`. */
function localDigitsIn(server: UssdServer): UssdDigitsIn {
  return process.env[`USSD_DIGITS_IN_${server.toUpperCase()}`] === 'serviceCode' ? 'serviceCode' : 'text';
}

function localConfig(): IntegrationConfig {
  const baseUrl = process.env.MOMO_BASE_URL;
  if (!baseUrl) throw new Error('MOMO_BASE_URL is not set: the local stack sets it to the MoMo simulator');
  const smsBaseUrl = process.env.AFRICASTALKING_BASE_URL;
  const orangeBaseUrl = process.env.ORANGE_BASE_URL;
  return {
    momo: {
      baseUrl,
      ...localDefaults.momo,
      targetEnvironment: process.env.MOMO_TARGET_ENVIRONMENT || localDefaults.momo.targetEnvironment,
    },
    // without ORANGE_BASE_URL (a script that starts no Orange simulator) Orange numbers are refused, as in AWS without credentials
    ...(orangeBaseUrl ? { orange: { baseUrl: trimSlash(orangeBaseUrl), ...localDefaults.orange } } : {}),
    ussd: { ...localDefaults.ussd },
    ussdServiceCodes: { lonestar: USSD_SERVICE_CODE, orange: USSD_SERVICE_CODE },
    ussdDigitsIn: { lonestar: localDigitsIn('lonestar'), orange: localDigitsIn('orange') },
    // the real adapter against the simulator: the code path tested here is the deployed one
    sms: smsBaseUrl
      ? { mode: 'africastalking', ...localDefaults.sms, endpoint: `${trimSlash(smsBaseUrl)}${MESSAGING_PATH}` }
      : { mode: 'outbox' },
    smsIncomingKey: localDefaults.smsIncomingKey,
    publicBaseUrl: trimSlash(process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`),
  };
}

async function readSecretConfig(): Promise<IntegrationConfig> {
  const arn = process.env.INTEGRATIONS_SECRET_ARN;
  if (!arn) throw new Error('INTEGRATIONS_SECRET_ARN is not set');
  const secretString = await secretStringFromExtension(arn, 'the integrations secret').catch((error: Error) => {
    // the data stack creates the secret with no value: the operator writes the first one
    if (error.message.includes('ResourceNotFoundException')) throw new Error(NO_VALUE_YET);
    throw error;
  });
  return parseIntegrationSecret(secretString, process.env.PUBLIC_BASE_URL);
}

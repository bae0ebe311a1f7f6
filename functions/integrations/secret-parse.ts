import { USSD_DIGITS_IN, USSD_SERVICE_CODE, type UssdDigitsIn } from '@shared/ussd';
import { isMtnSandbox } from './momo/momo-environment';
import type { IntegrationConfig, MomoConfig, OrangeConfig, SmsConfig, UssdSecrets } from './secrets';

/**
 * The integrations secret's JSON checked and turned into config (./secrets.ts
 * reads and caches it). Messages name fields, never values.
 */

/** Why the config cannot be read yet: the secret exists but holds nothing. */
export const NO_VALUE_YET =
  'the integrations secret has no value yet: write the template into it (README "Deploying", step 4)';

/** The fields of the secret's `orange` section; every one is required once the section exists. */
const ORANGE_CONFIG_FIELDS = [
  'baseUrl',
  'clientId',
  'clientSecret',
  'apiUsername',
  'apiPassword',
  'pin',
  'channelMsisdnLrd',
  'channelMsisdnUsd',
] as const satisfies ReadonlyArray<keyof OrangeConfig>;

/** MTN's production API host (MoMo developer portal, "Go live"). */
const MTN_PRODUCTION_BASE_URL = 'https://proxy.momoapi.mtn.com';
/** MTN's sandbox API host, the default when `momo.targetEnvironment` is `sandbox`. */
const MTN_SANDBOX_BASE_URL = 'https://sandbox.momodeveloper.mtn.com';
/**
 * The secret's JSON (the shape README "Deploying" describes) → config;
 * exported for its unit test. Messages name fields, never values. Checked by
 * hand rather than with zod, which would add ~450 KB to every Lambda that
 * takes payments (DESIGN section 9: bundles at most 500 KB).
 */
export function parseIntegrationSecret(secretString: string | undefined, publicBaseUrlEnv?: string): IntegrationConfig {
  if (secretString === undefined) throw new Error(NO_VALUE_YET);
  let json: unknown;
  try {
    json = JSON.parse(secretString ?? '');
  } catch {
    throw new Error('the integrations secret is not JSON');
  }
  const read = new SecretReader(json);
  const targetEnvironment = read.text('momo.targetEnvironment', 'mtnliberia');
  const sandbox = isMtnSandbox(targetEnvironment);
  const momo: MomoConfig = {
    baseUrl: read.url('momo.baseUrl', sandbox ? MTN_SANDBOX_BASE_URL : MTN_PRODUCTION_BASE_URL),
    apiUser: read.text('momo.apiUser'),
    apiKey: read.text('momo.apiKey'),
    collectionSubscriptionKey: read.text('momo.collectionSubscriptionKey'),
    disbursementSubscriptionKey: read.text('momo.disbursementSubscriptionKey'),
    targetEnvironment,
  };
  // the sandbox's test numbers and EUR must never reach the live API, nor a live market's numbers the sandbox
  const wrongHost = sandbox ? MTN_PRODUCTION_BASE_URL : MTN_SANDBOX_BASE_URL;
  if (trimSlash(momo.baseUrl) === wrongHost) {
    read.problems.push(
      `momo.baseUrl: ${wrongHost} does not serve the ${sandbox ? 'sandbox' : 'live'} target environment ${targetEnvironment}`,
    );
  }
  const ussd: UssdSecrets = { lonestar: read.text('ussd.lonestar'), orange: read.text('ussd.orange') };
  const ussdServiceCodes = {
    lonestar: read.serviceCode('ussd.serviceCodes.lonestar'),
    orange: read.serviceCode('ussd.serviceCodes.orange'),
  };
  const ussdDigitsIn = {
    lonestar: read.digitsIn('ussd.digitsIn.lonestar'),
    orange: read.digitsIn('ussd.digitsIn.orange'),
  };
  const smsIncomingKey = read.optionalText('sms.incomingKey');
  const smsMode = read.text('sms.mode');
  let sms: SmsConfig = { mode: 'outbox' };
  if (smsMode === 'africastalking') {
    const senderId = read.optionalText('sms.senderId');
    sms = {
      mode: 'africastalking',
      username: read.text('sms.username'),
      apiKey: read.text('sms.apiKey'),
      ...(senderId ? { senderId } : {}),
    };
  } else if (smsMode && smsMode !== 'outbox') {
    read.problems.push('sms.mode: must be "africastalking" or "outbox"');
  }
  const orange = readOrange(read);
  const publicBaseUrl = publicBaseUrlEnv ?? read.url('publicBaseUrl', '');
  checkMomoCallbackHost(read, publicBaseUrl);
  if (read.problems.length > 0) throw new Error(`the integrations secret is incomplete: ${read.problems.join('; ')}`);
  if (!publicBaseUrl) throw new Error('PUBLIC_BASE_URL is not set (nor publicBaseUrl in the integrations secret)');
  return {
    momo: { ...momo, baseUrl: trimSlash(momo.baseUrl) },
    ...(orange ? { orange } : {}),
    ussd,
    ussdServiceCodes,
    ussdDigitsIn,
    sms,
    ...(smsIncomingKey ? { smsIncomingKey } : {}),
    publicBaseUrl: trimSlash(publicBaseUrl),
  };
}

/**
 * MTN registers one callback host per API user and refuses every request
 * whose X-Callback-Url is on another (DESIGN section 8): a stage that borrowed
 * another stage's API user would have every payment refused. `momo.callbackHost`
 * is the host this stage's API user is registered with; the stage is refused
 * at its first secret read, with both hosts named, when its callbacks go elsewhere.
 */
function checkMomoCallbackHost(read: SecretReader, publicBaseUrl: string): void {
  const registered = read.optionalText('momo.callbackHost')?.toLowerCase();
  if (!registered || !URL.canParse(publicBaseUrl)) return;
  const ours = new URL(publicBaseUrl).hostname.toLowerCase();
  if (registered !== ours) {
    read.problems.push(
      `momo.callbackHost: this stage's MTN API user is registered with the callback host ${registered}, but this stage's callbacks go to ${ours}; MTN refuses them: give each stage its own API user (README "First deploy", step 6)`,
    );
  }
}

/** Reads dotted paths out of the secret's JSON, collecting what is missing or malformed. */
class SecretReader {
  readonly problems: string[] = [];

  constructor(private readonly json: unknown) {}

  /** A non-empty string; `fallback` when absent (a missing field is a problem only without one). */
  text(path: string, fallback?: string): string {
    const value = this.at(path);
    if (typeof value === 'string' && value !== '') return value;
    if (value === undefined && fallback !== undefined) return fallback;
    this.problems.push(`${path}: ${value === undefined ? 'required' : 'must be a non-empty string'}`);
    return '';
  }

  optionalText(path: string): string | undefined {
    return this.at(path) === undefined ? undefined : this.text(path);
  }

  /** A USSD code such as `*384*2024#`; the advertised code when absent. */
  serviceCode(path: string): string {
    const value = this.text(path, USSD_SERVICE_CODE);
    if (value && !/^\*\d+(\*\d+)*#$/.test(value))
      this.problems.push(`${path}: must be a USSD code such as ${USSD_SERVICE_CODE}`);
    return value;
  }

  /** Where a gateway's dialled digits arrive: `text` (Africa's Talking) when absent. */
  digitsIn(path: string): UssdDigitsIn {
    const value = this.text(path, 'text');
    if (USSD_DIGITS_IN.includes(value as UssdDigitsIn)) return value as UssdDigitsIn;
    this.problems.push(`${path}: must be one of ${USSD_DIGITS_IN.join(', ')}`);
    return 'text';
  }

  url(path: string, fallback: string): string {
    const value = this.text(path, fallback);
    if (value && !URL.canParse(value)) this.problems.push(`${path}: must be a URL`);
    return value;
  }

  at(path: string): unknown {
    return path
      .split('.')
      .reduce<unknown>(
        (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
        this.json,
      );
  }
}

/** The `orange` section: absent (or empty) means Orange numbers are refused; present, it must be complete. */
function readOrange(read: SecretReader): OrangeConfig | undefined {
  const section = read.at('orange');
  if (section === undefined || (typeof section === 'object' && section !== null && Object.keys(section).length === 0))
    return undefined;
  if (typeof section !== 'object' || section === null) {
    read.problems.push('orange: must be an object');
    return undefined;
  }
  const orange = Object.fromEntries(
    ORANGE_CONFIG_FIELDS.map((field) => [field, read.text(`orange.${field}`)]),
  ) as unknown as OrangeConfig;
  if (orange.baseUrl && !URL.canParse(orange.baseUrl)) read.problems.push('orange.baseUrl: must be a URL');
  return { ...orange, baseUrl: trimSlash(orange.baseUrl) };
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

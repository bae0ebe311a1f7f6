/**
 * What the integrations secret holds when the data stack first creates it
 * (Secrets Manager generateSecretString with this as secretStringTemplate):
 * the JSON shape ./secrets.ts reads, with every credential empty. Until an
 * operator fills them in, each function that needs one fails with the list
 * of empty fields (never "not JSON"); README "Deploying" walks through it.
 *
 * Frozen on purpose: CloudFormation regenerates a secret's value whenever
 * its GenerateSecretString changes, so editing this after the first deploy
 * would overwrite the live provider credentials. New settings are read as
 * optional fields (documented in the README), never added here.
 * test/unit/secret-template.test.ts proves this shape is the one the parser reads.
 */
import { USSD_SERVICE_CODE } from '@shared/ussd';

export const INTEGRATIONS_SECRET_TEMPLATE = {
  momo: {
    baseUrl: 'https://proxy.momoapi.mtn.com',
    targetEnvironment: 'mtnliberia',
    apiUser: '',
    apiKey: '',
    collectionSubscriptionKey: '',
    disbursementSubscriptionKey: '',
  },
  // Orange Money stays off (its numbers refused) while this is empty; README lists its fields.
  orange: {},
  ussd: {
    lonestar: '',
    orange: '',
    serviceCodes: { lonestar: USSD_SERVICE_CODE, orange: USSD_SERVICE_CODE },
  },
  sms: { mode: 'outbox' },
} as const;

/**
 * The one key Secrets Manager fills with a random value at creation
 * (generateSecretString needs one). The code never reads it; an operator may
 * use it as a USSD gateway's shared secret.
 */
export const INTEGRATIONS_SECRET_GENERATED_KEY = 'generatedRandom';

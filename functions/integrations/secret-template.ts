/**
 * What an operator first writes into the integrations secret (README
 * "Deploying", step 4; `npx tsx scripts/integrations-secret-template.ts`
 * prints it): the JSON shape ./secrets.ts reads, with every credential empty.
 * Until they are filled in, each function that needs one fails with the list
 * of empty fields (never "not JSON").
 *
 * Not in the template: the data stack creates the secret empty, with neither
 * SecretString nor GenerateSecretString, so CloudFormation never writes its
 * value, and no change here or in the stack can overwrite live credentials.
 * test/unit/secret-template.test.ts proves this shape is the one the parser reads.
 */
import { USSD_SERVICE_CODE } from '@shared/ussd';

export const INTEGRATIONS_SECRET_TEMPLATE = {
  momo: {
    baseUrl: 'https://proxy.momoapi.mtn.com',
    targetEnvironment: 'mtnliberia',
    apiUser: '',
    apiKey: '',
    // the host the API user is registered with at MTN: a stage whose callbacks go elsewhere is refused
    callbackHost: '',
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

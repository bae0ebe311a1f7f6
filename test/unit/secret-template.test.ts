import { describe, expect, it } from 'vitest';
import { parseIntegrationSecret } from '../../functions/integrations/secret-parse';
import { INTEGRATIONS_SECRET_TEMPLATE } from '../../functions/integrations/secret-template';

/** The secret as the operator first writes it: the template (scripts/integrations-secret-template.ts). */
const asCreated = () => JSON.stringify(INTEGRATIONS_SECRET_TEMPLATE);

/** Every empty string of the template replaced by a value, as an operator fills it in. */
function filledIn(node: unknown, path = ''): unknown {
  if (node === '') return `value-of-${path}`;
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, filledIn(value, path ? `${path}.${key}` : key)]),
  );
}

describe('the integrations secret template (README "Deploying")', () => {
  it('says what to do while the secret has no value (the data stack creates it empty)', () => {
    expect(() => parseIntegrationSecret(undefined, 'https://raffle.example.org')).toThrow(
      'the integrations secret has no value yet: write the template into it (README "Deploying", step 4)',
    );
  });

  it('is JSON the parser reads, and its refusal names exactly the credentials left to fill in', () => {
    expect(() => parseIntegrationSecret(asCreated(), 'https://raffle.example.org')).toThrow(
      'the integrations secret is incomplete: momo.apiUser: must be a non-empty string; momo.apiKey: must be a non-empty string; ' +
        'momo.collectionSubscriptionKey: must be a non-empty string; momo.disbursementSubscriptionKey: must be a non-empty string; ' +
        'ussd.lonestar: must be a non-empty string; ussd.orange: must be a non-empty string; momo.callbackHost: must be a non-empty string',
    );
  });

  it("refuses a stage whose callbacks go to another host than its MTN API user's (one API user per stage)", () => {
    const secret = filledIn(JSON.parse(asCreated())) as { momo: Record<string, string> };
    secret.momo.callbackHost = 'raffle.example.org';
    expect(() => parseIntegrationSecret(JSON.stringify(secret), 'https://staging.raffle.example.org')).toThrow(
      "momo.callbackHost: this stage's MTN API user is registered with the callback host raffle.example.org, but this stage's callbacks go to staging.raffle.example.org",
    );
    expect(parseIntegrationSecret(JSON.stringify(secret), 'https://RAFFLE.example.org').momo.apiUser).toBe(
      'value-of-momo.apiUser',
    );
  });

  it('once every empty field is filled in, is a complete configuration (MTN production, Orange off, SMS outbox)', () => {
    const secret = filledIn(JSON.parse(asCreated())) as { momo: Record<string, string> };
    secret.momo.callbackHost = 'raffle.example.org';
    const config = parseIntegrationSecret(JSON.stringify(secret), 'https://raffle.example.org');
    expect(config.momo).toEqual({
      baseUrl: 'https://proxy.momoapi.mtn.com',
      targetEnvironment: 'mtnliberia',
      apiUser: 'value-of-momo.apiUser',
      apiKey: 'value-of-momo.apiKey',
      collectionSubscriptionKey: 'value-of-momo.collectionSubscriptionKey',
      disbursementSubscriptionKey: 'value-of-momo.disbursementSubscriptionKey',
    });
    expect(config.orange).toBeUndefined();
    expect(config.ussd).toEqual({ lonestar: 'value-of-ussd.lonestar', orange: 'value-of-ussd.orange' });
    expect(config.sms).toEqual({ mode: 'outbox' });
  });
});

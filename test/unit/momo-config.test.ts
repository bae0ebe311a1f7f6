import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORANGE_NOT_AVAILABLE, ProviderNotAvailableError, payoutProviderFor, providerFor } from '../../functions/integrations/providers';
import { parseIntegrationSecret } from '../../functions/integrations/secrets';

const aSecret = (overrides: Record<string, unknown> = {}) => ({
  momo: {
    apiUser: 'user-uuid',
    apiKey: 'super-secret-api-key',
    collectionSubscriptionKey: 'collection-key',
    disbursementSubscriptionKey: 'disbursement-key',
  },
  ussd: { lonestar: 'lonestar-secret', orange: 'orange-secret' },
  sms: { mode: 'africastalking', username: 'raffle', apiKey: 'at-key', senderId: 'RAFFLE' },
  ...overrides,
});

describe('the integrations secret (DESIGN section 8)', () => {
  it('defaults to MTN production: its host and the mtnliberia target environment', () => {
    const config = parseIntegrationSecret(JSON.stringify(aSecret()), 'https://raffle.example.org/');
    expect(config.momo).toMatchObject({ baseUrl: 'https://proxy.momoapi.mtn.com', targetEnvironment: 'mtnliberia' });
    expect(config.publicBaseUrl).toBe('https://raffle.example.org');
    expect(config.sms).toEqual({ mode: 'africastalking', username: 'raffle', apiKey: 'at-key', senderId: 'RAFFLE' });
    expect(config.orange).toBeUndefined();
  });

  it('takes the public base URL from the secret when the environment has none', () => {
    expect(parseIntegrationSecret(JSON.stringify(aSecret({ publicBaseUrl: 'https://raffle.example.org' }))).publicBaseUrl).toBe('https://raffle.example.org');
    expect(() => parseIntegrationSecret(JSON.stringify(aSecret()))).toThrow(/PUBLIC_BASE_URL/);
  });

  it('names missing fields without repeating any value', () => {
    const secret = aSecret({ ussd: { lonestar: 'lonestar-secret' } });
    delete (secret.momo as Record<string, unknown>).collectionSubscriptionKey;
    let message = '';
    try {
      parseIntegrationSecret(JSON.stringify(secret), 'https://raffle.example.org');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/momo\.collectionSubscriptionKey/);
    expect(message).toMatch(/ussd\.orange/);
    expect(message).not.toMatch(/super-secret-api-key|lonestar-secret|at-key/);
  });

  it('refuses an SMS mode it does not know, and takes the outbox when asked', () => {
    expect(() => parseIntegrationSecret(JSON.stringify(aSecret({ sms: { mode: 'carrier-pigeon' } })), 'https://x.example')).toThrow(/sms\.mode/);
    expect(parseIntegrationSecret(JSON.stringify(aSecret({ sms: { mode: 'outbox' } })), 'https://x.example').sms).toEqual({ mode: 'outbox' });
  });

  it('keeps Orange credentials only when some are set', () => {
    expect(parseIntegrationSecret(JSON.stringify(aSecret({ orange: {} })), 'https://x.example').orange).toBeUndefined();
    expect(parseIntegrationSecret(JSON.stringify(aSecret({ orange: { clientId: 'c' } })), 'https://x.example').orange).toEqual({ clientId: 'c' });
  });

  it('refuses a secret that is not JSON', () => {
    expect(() => parseIntegrationSecret('momo=1', 'https://x.example')).toThrow('the integrations secret is not JSON');
  });
});

describe('provider choice in AWS', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('refuses Orange numbers for payments and payouts until an Orange adapter exists', async () => {
    vi.stubEnv('LOCAL_STACK', '');
    await expect(providerFor('231777123456')).rejects.toThrow(ProviderNotAvailableError);
    await expect(providerFor('231777123456')).rejects.toThrow(ORANGE_NOT_AVAILABLE);
    await expect(payoutProviderFor('231777123456')).rejects.toThrow(ProviderNotAvailableError);
  });
});

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ORANGE_NOT_AVAILABLE,
  ProviderNotAvailableError,
  payoutProviderFor,
  providerFor,
} from '../../functions/integrations/providers';
import { parseIntegrationSecret } from '../../functions/integrations/secret-parse';
import { forgetIntegrationConfig, integrationConfig } from '../../functions/integrations/secrets';

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

const anOrangeSection = {
  baseUrl: 'https://api.orange.example/',
  clientId: 'orange-client',
  clientSecret: 'orange-client-secret',
  apiUsername: 'MERCHANT',
  apiPassword: 'channel-password',
  pin: '1234',
  channelMsisdnLrd: '770000001',
  channelMsisdnUsd: '770000002',
};

describe('the integrations secret (DESIGN section 8)', () => {
  it('defaults to MTN production: its host and the mtnliberia target environment', () => {
    const config = parseIntegrationSecret(JSON.stringify(aSecret()), 'https://raffle.example.org/');
    expect(config.momo).toMatchObject({ baseUrl: 'https://proxy.momoapi.mtn.com', targetEnvironment: 'mtnliberia' });
    expect(config.publicBaseUrl).toBe('https://raffle.example.org');
    expect(config.sms).toEqual({ mode: 'africastalking', username: 'raffle', apiKey: 'at-key', senderId: 'RAFFLE' });
    expect(config.orange).toBeUndefined();
  });

  it("runs against MTN's sandbox by configuration alone, and never mixes the sandbox with the live host", () => {
    const sandbox = parseIntegrationSecret(
      JSON.stringify(aSecret({ momo: { ...aSecret().momo, targetEnvironment: 'sandbox' } })),
      'https://x.example',
    );
    expect(sandbox.momo).toMatchObject({
      baseUrl: 'https://sandbox.momodeveloper.mtn.com',
      targetEnvironment: 'sandbox',
    });
    const sandboxOnLiveHost = aSecret({
      momo: { ...aSecret().momo, targetEnvironment: 'sandbox', baseUrl: 'https://proxy.momoapi.mtn.com' },
    });
    expect(() => parseIntegrationSecret(JSON.stringify(sandboxOnLiveHost), 'https://x.example')).toThrow(
      /momo\.baseUrl/,
    );
    const liveOnSandboxHost = aSecret({
      momo: { ...aSecret().momo, baseUrl: 'https://sandbox.momodeveloper.mtn.com' },
    });
    expect(() => parseIntegrationSecret(JSON.stringify(liveOnSandboxHost), 'https://x.example')).toThrow(
      /momo\.baseUrl/,
    );
  });

  it('takes the public base URL from the secret when the environment has none', () => {
    expect(
      parseIntegrationSecret(JSON.stringify(aSecret({ publicBaseUrl: 'https://raffle.example.org' }))).publicBaseUrl,
    ).toBe('https://raffle.example.org');
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
    expect(() =>
      parseIntegrationSecret(JSON.stringify(aSecret({ sms: { mode: 'carrier-pigeon' } })), 'https://x.example'),
    ).toThrow(/sms\.mode/);
    expect(
      parseIntegrationSecret(JSON.stringify(aSecret({ sms: { mode: 'outbox' } })), 'https://x.example').sms,
    ).toEqual({ mode: 'outbox' });
  });

  it('reads a complete orange section, and leaves Orange off when the section is absent or empty', () => {
    const config = parseIntegrationSecret(JSON.stringify(aSecret({ orange: anOrangeSection })), 'https://x.example');
    expect(config.orange).toEqual({ ...anOrangeSection, baseUrl: 'https://api.orange.example' });
    expect(parseIntegrationSecret(JSON.stringify(aSecret({ orange: {} })), 'https://x.example').orange).toBeUndefined();
  });

  it('refuses an incomplete orange section, naming the missing fields and no value', () => {
    const { pin: _pin, channelMsisdnUsd: _usd, ...incomplete } = anOrangeSection;
    let message = '';
    try {
      parseIntegrationSecret(
        JSON.stringify(aSecret({ orange: { ...incomplete, baseUrl: 'not a url' } })),
        'https://x.example',
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/orange\.pin/);
    expect(message).toMatch(/orange\.channelMsisdnUsd/);
    expect(message).toMatch(/orange\.baseUrl: must be a URL/);
    expect(message).not.toMatch(/orange-client-secret|channel-password/);
  });

  it('refuses a secret that is not JSON', () => {
    expect(() => parseIntegrationSecret('momo=1', 'https://x.example')).toThrow('the integrations secret is not JSON');
  });
});

describe('provider choice in AWS', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    forgetIntegrationConfig();
  });

  async function inAwsWith(secret: Record<string, unknown>) {
    const extension = await aSecretsExtension({
      status: 200,
      body: JSON.stringify({ SecretString: JSON.stringify(secret) }),
    });
    vi.stubEnv('LOCAL_STACK', '');
    vi.stubEnv(
      'INTEGRATIONS_SECRET_ARN',
      'arn:aws:secretsmanager:us-east-1:123456789012:secret:raffle/integrations-AbCdEf',
    );
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
    vi.stubEnv('PUBLIC_BASE_URL', 'https://raffle.example.org');
    return extension;
  }

  it('refuses Orange numbers for payments and payouts while the secret has no orange section', async () => {
    const extension = await inAwsWith(aSecret());
    try {
      await expect(providerFor('231777123456')).rejects.toThrow(ProviderNotAvailableError);
      await expect(providerFor('231777123456')).rejects.toThrow(ORANGE_NOT_AVAILABLE);
      await expect(payoutProviderFor('231777123456')).rejects.toThrow(ProviderNotAvailableError);
      expect((await providerFor('231881234567')).name).toBe('mtn');
    } finally {
      await extension.close();
    }
  });

  it('sends Orange numbers to the Orange Money adapter once the secret has Orange credentials, and MTN numbers to MTN', async () => {
    const extension = await inAwsWith(aSecret({ orange: anOrangeSection }));
    try {
      expect((await providerFor('231777123456')).name).toBe('orange');
      expect((await payoutProviderFor('231777123456')).name).toBe('orange');
      expect((await providerFor('231551234567')).name).toBe('mtn');
    } finally {
      await extension.close();
    }
  });
});

/** A stand-in for the Parameters and Secrets Lambda Extension's localhost endpoint. */
async function aSecretsExtension(answer: { status: number; body: string }) {
  const requests: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('reading the integrations secret in AWS', () => {
  const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:raffle/integrations-AbCdEf';
  const inAws = (port: number) => {
    vi.stubEnv('LOCAL_STACK', '');
    vi.stubEnv('INTEGRATIONS_SECRET_ARN', arn);
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(port));
    vi.stubEnv('AWS_SESSION_TOKEN', 'the-session-token');
    vi.stubEnv('PUBLIC_BASE_URL', 'https://raffle.example.org');
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    forgetIntegrationConfig();
  });

  it('asks the Lambda extension for the secret, with the session token, and parses its JSON', async () => {
    const extension = await aSecretsExtension({
      status: 200,
      body: JSON.stringify({ ARN: arn, SecretString: JSON.stringify(aSecret()) }),
    });
    try {
      inAws(extension.port);
      const config = await integrationConfig();
      expect(config.momo.apiUser).toBe('user-uuid');
      expect(config.ussd).toEqual({ lonestar: 'lonestar-secret', orange: 'orange-secret' });
      expect(extension.requests).toHaveLength(1);
      expect(extension.requests[0]!.url).toBe(`/secretsmanager/get?secretId=${encodeURIComponent(arn)}`);
      expect(extension.requests[0]!.headers['x-aws-parameters-secrets-token']).toBe('the-session-token');
      await integrationConfig();
      expect(extension.requests).toHaveLength(1);
    } finally {
      await extension.close();
    }
  });

  it('fails with the extension status when the secret cannot be read', async () => {
    const extension = await aSecretsExtension({ status: 400, body: 'AccessDeniedException: not authorized' });
    try {
      inAws(extension.port);
      await expect(integrationConfig()).rejects.toThrow(/integrations secret failed: 400 AccessDeniedException/);
    } finally {
      await extension.close();
    }
  });
});

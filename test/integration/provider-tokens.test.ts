import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedTransaction } from '../../infra/local/momo-simulator';
import type { CollectRequest } from '../../functions/integrations/mobile-money';
import { MtnMomoProvider } from '../../functions/integrations/momo/mtn-momo';
import { OrangeMoneyProvider } from '../../functions/integrations/orange/orange-money';
import { storedPayTokens } from '../../functions/integrations/providers';
import { integrationConfig } from '../../functions/integrations/secrets';
import { credentialDigest } from '../../functions/integrations/tokens/shared-tokens';
import { providerTokens } from '../../functions/integrations/tokens/store/provider-tokens';
import { aCollectRequest } from '../support/payments';
import { sharedStack } from '../support/stack-target';

/**
 * Provider tokens shared through the table (DESIGN section 8, issue 33 item 8):
 * separate adapter instances stand for separate Lambda containers (each has
 * its own token cache), all against the real simulators and the real table.
 * Each test reaches the simulator through a counting pass-through of its own,
 * so the token requests counted are exactly this test's (other files use the
 * same simulators at the same time), and its base URL makes its tokens its own.
 */
const momoUrl = sharedStack().momoUrl;
const orangeUrl = sharedStack().orangeUrl;
const CONTAINERS = 8;

/** Forwards every request to `target` and counts them by method and path. */
class CountingPassThrough {
  readonly counts = new Map<string, number>();
  url = '';
  private server?: Server;

  constructor(private readonly target: string) {}

  async start(): Promise<this> {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      const key = `${req.method} ${req.url}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      const forwarded = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.writeHead(502).end());
      req.pipe(forwarded);
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }
}

// this worker's first table request opens its connections: not while containers wait on a lease holder
beforeAll(() => providerTokens.read('warm-up'));

const passThroughs: CountingPassThrough[] = [];
afterEach(async () => {
  await Promise.all(passThroughs.splice(0).map((p) => p.stop()));
});
const passThrough = async (target: string) => {
  const started = await new CountingPassThrough(target).start();
  passThroughs.push(started);
  return started;
};

const MOMO_TOKEN = 'POST /collection/token/';

const aPayment = (msisdn: string): CollectRequest =>
  aCollectRequest(msisdn, (referenceId) => ({
    callbackUrl: `http://localhost:9/api/v1/webhooks/momo/${referenceId}/per-payment-secret`,
  }));

/** `count` MTN adapters, as `count` cold containers have, sharing tokens through the table. */
async function momoContainers(baseUrl: string, count = CONTAINERS): Promise<MtnMomoProvider[]> {
  const config = { ...(await integrationConfig()).momo, baseUrl };
  return Array.from({ length: count }, () => new MtnMomoProvider(config, { sharedTokens: providerTokens }));
}

/** A number the MoMo simulator holds its payment for (README "Local default secrets"): the test can read its token's serial. */
const STUCK_MTN = '231550000105';

async function heldTokenSerial(referenceId: string): Promise<number> {
  const response = await fetch(`${momoUrl}/__sim/collection/${referenceId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as SimulatedTransaction).tokenSerial;
}

describe('MTN MoMo tokens shared by containers', () => {
  it('asks MTN for one token however many containers pay at once', async () => {
    const momo = await passThrough(momoUrl);
    const containers = await momoContainers(momo.url);
    await Promise.all(containers.map((container) => container.requestToPay(aPayment(STUCK_MTN))));
    await Promise.all(containers.map((container) => container.requestToPay(aPayment(STUCK_MTN))));
    expect(momo.count(MOMO_TOKEN)).toBe(1);
    expect(momo.count('POST /collection/v1_0/requesttopay')).toBe(CONTAINERS * 2);
  });

  it('replaces a token MTN refuses once, not once per container', async () => {
    const momo = await passThrough(momoUrl);
    const containers = await momoContainers(momo.url);
    const first = aPayment(STUCK_MTN);
    await containers[0]!.requestToPay(first);
    await Promise.all(containers.slice(1).map((container) => container.requestToPay(aPayment(STUCK_MTN))));
    expect(momo.count(MOMO_TOKEN)).toBe(1);
    const tokenSerial = await heldTokenSerial(first.referenceId);
    const revoke = await fetch(`${momoUrl}/__sim/revoke-token`, {
      method: 'POST',
      body: JSON.stringify({ tokenSerial }),
    });
    expect(await revoke.json()).toEqual({ revoked: 1 });

    // every container still holds the revoked token: each is refused (401) once, and they share one new token
    const payments = containers.map(() => aPayment(STUCK_MTN));
    await Promise.all(containers.map((container, i) => container.requestToPay(payments[i]!)));
    expect(momo.count(MOMO_TOKEN)).toBe(2);
    const serials = new Set(await Promise.all(payments.map((p) => heldTokenSerial(p.referenceId))));
    expect(serials.size).toBe(1);
    expect(serials.has(tokenSerial)).toBe(false);
  });

  it('pays on when the container holding the lease died before storing a token', async () => {
    const momo = await passThrough(momoUrl);
    const config = { ...(await integrationConfig()).momo, baseUrl: momo.url };
    // a container took the lease for the next ten minutes and was never heard of again
    const name = `momo-collection-${credentialDigest(config.baseUrl, config.apiUser, config.targetEnvironment)}`;
    const now = Date.now();
    expect(await providerTokens.takeLease(name, 'dead-container', now + 600_000, now, now / 1000)).toBe(true);

    const containers = await momoContainers(momo.url, 3);
    const payments = containers.map(() => aPayment(STUCK_MTN));
    await Promise.all(containers.map((container, i) => container.requestToPay(payments[i]!)));
    // each waited a moment for the holder, then fetched its own token: slower, never refused
    expect(momo.count(MOMO_TOKEN)).toBe(3);
    for (const payment of payments) expect(await heldTokenSerial(payment.referenceId)).toBeGreaterThan(0);
  });
});

describe('Orange Money tokens shared by containers', () => {
  it('asks Orange for one token however many containers pay at once', async () => {
    const orange = await passThrough(orangeUrl);
    const base = (await integrationConfig()).orange;
    expect(base).toBeDefined();
    const config = { ...base!, baseUrl: orange.url };
    const containers = Array.from(
      { length: CONTAINERS },
      () => new OrangeMoneyProvider(config, storedPayTokens, { sharedTokens: providerTokens }),
    );
    await Promise.all(containers.map((container) => container.requestToPay(aPayment('231770000105'))));
    expect(orange.count('POST /token')).toBe(1);
  });
});

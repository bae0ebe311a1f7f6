import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { localSecrets } from '../../infra/local/local-secrets';
import {
  MomoSimulator,
  simulatedOutcome,
  type SimulatedTransaction,
  type SimulatorStats,
} from '../../infra/local/momo-simulator';
import { sharedStack } from '../support/stack-target';

/**
 * The MoMo simulator speaks MTN's API (DESIGN section 8) strictly enough that
 * an adapter drifting from it fails locally: raw requests against the local
 * stack's simulator, and a private simulator for its local control surface.
 */
const stackMomoUrl = sharedStack().momoUrl;
const STUCK_NUMBER = '231880000105';

async function tokenFrom(momoUrl: string, product: 'collection' | 'disbursement'): Promise<string> {
  const { apiUser, apiKey } = localSecrets.momo;
  const response = await fetch(`${momoUrl}/${product}/token/`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
      'Ocp-Apim-Subscription-Key':
        product === 'collection'
          ? localSecrets.momo.collectionSubscriptionKey
          : localSecrets.momo.disbursementSubscriptionKey,
    },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const validBody = (partyId = STUCK_NUMBER) => ({
  amount: '100.00',
  currency: 'LRD',
  externalId: 'entry-1',
  payer: { partyIdType: 'MSISDN', partyId },
  payerMessage: 'Daily draw ticket',
  payeeNote: 'Daily draw entry',
});

interface RawRequest {
  momoUrl?: string;
  token?: string;
  headers?: Record<string, string>;
  body?: unknown;
  referenceId?: string;
}

async function rawRequestToPay(options: RawRequest = {}): Promise<Response> {
  const momoUrl = options.momoUrl ?? stackMomoUrl;
  const token = options.token ?? (await tokenFrom(momoUrl, 'collection'));
  return fetch(`${momoUrl}/collection/v1_0/requesttopay`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Reference-Id': options.referenceId ?? randomUUID(),
      'X-Target-Environment': 'mtnliberia',
      'Ocp-Apim-Subscription-Key': localSecrets.momo.collectionSubscriptionKey,
      'Content-Type': 'application/json',
      ...options.headers,
    },
    body: JSON.stringify(options.body ?? validBody()),
  });
}

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function held(referenceId: string): Promise<SimulatedTransaction> {
  const response = await fetch(`${stackMomoUrl}/__sim/collection/${referenceId}`);
  expect(response.status).toBe(200);
  return response.json() as Promise<SimulatedTransaction>;
}

describe('the MoMo simulator on the local stack', () => {
  it('accepts the documented request (the baseline for the refusals below)', async () => {
    expect((await rawRequestToPay()).status).toBe(202);
  });

  it("refuses special characters such as '&' in payerMessage and payeeNote, as MTN does", async () => {
    for (const field of ['payerMessage', 'payeeNote'] as const) {
      const response = await rawRequestToPay({ body: { ...validBody(), [field]: 'Tom & Jerry Lucky Hour' } });
      expect(response.status, field).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/special characters/);
    }
    expect(
      (await rawRequestToPay({ body: { ...validBody(), payerMessage: 'Tom and Jerry, Lucky Hour - 2.0' } })).status,
    ).toBe(202);
  });

  it('refuses wrong API credentials or subscription key at the token endpoint', async () => {
    const wrongKey = await fetch(`${stackMomoUrl}/collection/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${localSecrets.momo.apiUser}:${localSecrets.momo.apiKey}`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': localSecrets.momo.disbursementSubscriptionKey,
      },
    });
    expect(wrongKey.status).toBe(401);
    const noCredentials = await fetch(`${stackMomoUrl}/collection/token/`, {
      method: 'POST',
      headers: { 'Ocp-Apim-Subscription-Key': localSecrets.momo.collectionSubscriptionKey },
    });
    expect(noCredentials.status).toBe(401);
  });

  it("refuses a bad token, another product's token and a wrong subscription key", async () => {
    expect((await rawRequestToPay({ token: 'made-up' })).status).toBe(401);
    expect((await rawRequestToPay({ token: await tokenFrom(stackMomoUrl, 'disbursement') })).status).toBe(401);
    expect((await rawRequestToPay({ headers: { 'Ocp-Apim-Subscription-Key': 'wrong' } })).status).toBe(401);
  });

  it('refuses another target environment, a reference that is not a UUID and a callback URL that is not http(s)', async () => {
    expect((await rawRequestToPay({ headers: { 'X-Target-Environment': 'mtnuganda' } })).status).toBe(400);
    expect((await rawRequestToPay({ referenceId: 'entry-1' })).status).toBe(400);
    expect((await rawRequestToPay({ headers: { 'X-Callback-Url': 'not a url' } })).status).toBe(400);
  });

  it.each([
    ['a numeric amount', { ...validBody(), amount: 100 }],
    ['an amount with three decimals', { ...validBody(), amount: '1.005' }],
    ['a zero amount', { ...validBody(), amount: '0.00' }],
    ['a currency that is no ISO 4217 code', { ...validBody(), currency: 'Dollars' }],
    ['no payer', { ...validBody(), payer: undefined }],
    ['a payer that is not an MSISDN', { ...validBody(), payer: { partyIdType: 'EMAIL', partyId: 'a@b.c' } }],
    ['a payee instead of a payer', { ...validBody(), payer: undefined, payee: validBody().payer }],
    ['an unknown field', { ...validBody(), tip: '1.00' }],
    ['no externalId', { ...validBody(), externalId: undefined }],
  ])('refuses a request-to-pay body with %s (400)', async (_what, body) => {
    const response = await rawRequestToPay({ body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers 409 to a reused reference with a different body and keeps the first', async () => {
    const referenceId = randomUUID();
    expect((await rawRequestToPay({ referenceId })).status).toBe(202);
    const reused = await rawRequestToPay({ referenceId, body: { ...validBody(), amount: '5.00' } });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
    expect((await held(referenceId)).request).toMatchObject({ amount: '100.00' });
  });

  it('refuses a transfer body with a payer instead of a payee, and status queries without a valid token', async () => {
    const token = await tokenFrom(stackMomoUrl, 'disbursement');
    const transfer = await fetch(`${stackMomoUrl}/disbursement/v1_0/transfer`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'X-Reference-Id': randomUUID(),
        'X-Target-Environment': 'mtnliberia',
        'Ocp-Apim-Subscription-Key': localSecrets.momo.disbursementSubscriptionKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(validBody()),
    });
    expect(transfer.status).toBe(400);

    const status = await fetch(`${stackMomoUrl}/collection/v1_0/requesttopay/${randomUUID()}`, {
      headers: {
        'X-Target-Environment': 'mtnliberia',
        'Ocp-Apim-Subscription-Key': localSecrets.momo.collectionSubscriptionKey,
      },
    });
    expect(status.status).toBe(401);
  });

  it('counts requests and tokens at its local-only stats endpoint', async () => {
    const before = (await (await fetch(`${stackMomoUrl}/__sim/stats`)).json()) as SimulatorStats;
    await rawRequestToPay();
    const after = (await (await fetch(`${stackMomoUrl}/__sim/stats`)).json()) as SimulatorStats;
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(2);
    expect(after.tokenRequests.collection - before.tokenRequests.collection).toBeGreaterThanOrEqual(1);
    expect(after.transactions).toBeGreaterThan(before.transactions);
  });
});

describe('the MoMo simulator in process', () => {
  let simulator: MomoSimulator | undefined;
  afterEach(async () => {
    await simulator?.stop();
    simulator = undefined;
  });

  it('decides outcomes by the last six digits, on both networks', () => {
    expect(simulatedOutcome('231880000101')).toBe('decline');
    expect(simulatedOutcome('231770000101')).toBe('decline');
    expect(simulatedOutcome('231550000102')).toBe('expire');
    expect(simulatedOutcome('231770000103')).toBe('silent');
    expect(simulatedOutcome('231880000104')).toBe('twice');
    expect(simulatedOutcome('231770000105')).toBe('stuck');
    expect(simulatedOutcome('231880000106')).toBe('slow');
    expect(simulatedOutcome('231550000107')).toBe('flaky');
    expect(simulatedOutcome('231880000108')).toBe('unregistered');
    expect(simulatedOutcome('231770000109')).toBe('late');
    expect(simulatedOutcome('231777123456')).toBe('approve');
  });

  it("answers a flaky number's first request 503 holding nothing, takes the resend, and counts resends", async () => {
    simulator = new MomoSimulator({ approveMs: 50 });
    await simulator.start();
    const sim = simulator;
    const referenceId = randomUUID();
    const send = () => rawRequestToPay({ momoUrl: sim.url, referenceId, body: validBody('231550000107') });
    expect((await send()).status).toBe(503);
    expect(sim.transactions()).toEqual([]);
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(409);
    expect(sim.transactions()).toEqual([expect.objectContaining({ referenceId, outcome: 'flaky', posts: 2 })]);
    await until(() => sim.transactions()[0]!.status === 'SUCCESSFUL');
  });

  it('keeps a late number (000109) PENDING past the approval delay, then SUCCESSFUL, noting when it settled', async () => {
    simulator = new MomoSimulator({ approveMs: 50, lateMs: 600 });
    await simulator.start();
    const sim = simulator;
    expect((await rawRequestToPay({ momoUrl: sim.url, body: validBody('231880000109') })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.transactions()[0]).toMatchObject({ outcome: 'late', status: 'PENDING' });
    await until(() => sim.transactions()[0]!.status === 'SUCCESSFUL');
    const settled = sim.transactions()[0]!;
    expect(Date.parse(settled.settledAt!) - Date.parse(settled.createdAt)).toBeGreaterThanOrEqual(600);
  });

  it('fails a number with no MoMo wallet as PAYER_NOT_FOUND', async () => {
    simulator = new MomoSimulator({ approveMs: 50 });
    await simulator.start();
    const sim = simulator;
    expect((await rawRequestToPay({ momoUrl: sim.url, body: validBody('231880000108') })).status).toBe(202);
    await until(() => sim.transactions()[0]?.status === 'FAILED');
    expect(sim.transactions()[0]).toMatchObject({ reason: 'PAYER_NOT_FOUND' });
  });

  it('lists what it holds and counts requests, settling after its configured delay', async () => {
    simulator = new MomoSimulator({ approveMs: 50 });
    await simulator.start();
    const referenceId = randomUUID();
    const sim = simulator;
    expect((await rawRequestToPay({ momoUrl: sim.url, referenceId, body: validBody('231550000100') })).status).toBe(
      202,
    );
    expect(sim.requestCount()).toBe(2); // the token, then the request to pay
    expect(sim.transactions()).toEqual([
      expect.objectContaining({ product: 'collection', referenceId, outcome: 'approve', status: 'PENDING' }),
    ]);
    await until(() => sim.transactions()[0]!.status !== 'PENDING');
    expect(sim.transactions()[0]).toMatchObject({ status: 'SUCCESSFUL', financialTransactionId: expect.any(String) });
  });

  it('does not pay an Orange number: MTN finds no such wallet, for payments and payouts alike (DESIGN section 8)', async () => {
    simulator = new MomoSimulator({ approveMs: 50 });
    await simulator.start();
    const sim = simulator;
    const referenceId = randomUUID();
    expect((await rawRequestToPay({ momoUrl: sim.url, referenceId, body: validBody('231770000100') })).status).toBe(
      202,
    );
    const transfer = await fetch(`${sim.url}/disbursement/v1_0/transfer`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await tokenFrom(sim.url, 'disbursement')}`,
        'X-Reference-Id': randomUUID(),
        'X-Target-Environment': 'mtnliberia',
        'Ocp-Apim-Subscription-Key': localSecrets.momo.disbursementSubscriptionKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        ...validBody(),
        payer: undefined,
        payee: { partyIdType: 'MSISDN', partyId: '231770000100' },
      }),
    });
    expect(transfer.status).toBe(202);
    await until(() => sim.transactions().every((t) => t.status !== 'PENDING'));
    const byProduct = Object.fromEntries(sim.transactions().map((t) => [t.product, t]));
    expect(byProduct.collection).toMatchObject({ referenceId, status: 'FAILED', reason: 'PAYER_NOT_FOUND' });
    expect(byProduct.disbursement).toMatchObject({ status: 'FAILED', reason: 'PAYEE_NOT_FOUND' });
    expect(sim.transactions().some((t) => t.financialTransactionId)).toBe(false);
  });

  it('stops while a payment is pending and a slow answer is held open', async () => {
    simulator = new MomoSimulator({ approveMs: 60_000, slowMs: 60_000 });
    await simulator.start();
    const slow = rawRequestToPay({ momoUrl: simulator.url, body: validBody('231880000106') }).catch(
      (error: Error) => error,
    );
    const sim = simulator;
    await until(() => sim.transactions().length > 0);
    const stopped = Date.now();
    await simulator.stop();
    simulator = undefined;
    // stop() cuts the held-open request instead of waiting out its 10 s answer
    expect(Date.now() - stopped).toBeLessThan(5_000);
    expect(await slow).toBeInstanceOf(Error); // the held-open request was cut, not answered
  });
});

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port';
import type { SimulatedTransaction, SimulatorStats } from '../../infra/local/momo-simulator';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type CollectRequest,
  type StatusResult,
  type TransferRequest,
} from '../../functions/integrations/mobile-money';
import { MtnMomoProvider, type MtnMomoOptions } from '../../functions/integrations/momo/mtn-momo';
import {
  mtnMomoProvider,
  orangeMoneyProvider,
  payoutProviderFor,
  providerFor,
} from '../../functions/integrations/providers';
import { integrationConfig, type MomoConfig } from '../../functions/integrations/secrets';
import { eventually } from '../support/eventually';
import { aCollectRequest } from '../support/payments';
import { sharedStack } from '../support/stack-target';

/**
 * The real MTN MoMo adapter against the real simulator of the local stack
 * (DESIGN section 8). The only stand-in is the callback receiver below: it
 * plays OUR webhook, so the test can see what the simulator calls back.
 */
const momoUrl = sharedStack().momoUrl;

/** Test numbers from the README's "Local default secrets" table (last six digits decide), on MTN's two prefixes. */
const numbers = {
  approve: { '088': '231880000100', '055': '231550000100' },
  decline: { '088': '231880000101', '055': '231550000101' },
  expire: { '088': '231880000102', '055': '231550000102' },
  silent: { '088': '231880000103', '055': '231550000103' },
  twice: { '088': '231880000104', '055': '231550000104' },
  stuck: { '088': '231880000105', '055': '231550000105' },
  slow: { '088': '231880000106', '055': '231550000106' },
};

interface ReceivedCallback {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** Stands in for our webhook: records every callback; paths under /broken/ answer 500. */
class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  url = '';
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
        });
        res.writeHead(req.url?.startsWith('/broken/') ? 500 : 200).end();
      });
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    // MTN calls back only to the host registered for the API user: the local stack registers localhost
    this.url = `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  for(referenceId: string): ReceivedCallback[] {
    return this.received.filter((c) => c.path.includes(referenceId));
  }
}

const receiver = new CallbackReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

async function localMomoConfig(): Promise<MomoConfig> {
  return (await integrationConfig()).momo;
}

/** A fresh adapter (its own token cache), as a cold Lambda would have. */
async function freshAdapter(
  overrides: Partial<MomoConfig> = {},
  options: MtnMomoOptions = {},
): Promise<MtnMomoProvider> {
  return new MtnMomoProvider({ ...(await localMomoConfig()), ...overrides }, options);
}

const aPayment = (msisdn: string, overrides: Partial<CollectRequest> = {}): CollectRequest =>
  aCollectRequest(msisdn, (referenceId) => ({
    callbackUrl: `${receiver.url}/api/v1/webhooks/momo/${referenceId}/per-payment-secret`,
    ...overrides,
  }));

function aPayout(msisdn: string, overrides: Partial<TransferRequest> = {}): TransferRequest {
  return {
    ...aPayment(msisdn),
    payerMessage: 'Partner share',
    payeeNote: 'Payout',
    amountCents: 250_050,
    currency: 'USD',
    ...overrides,
  };
}

const settled = (result: StatusResult) => result.status !== 'PENDING';
const callbacksFor = (referenceId: string, count: number) =>
  eventually(
    () => receiver.for(referenceId),
    (c) => c.length >= count,
  );

async function simStats(): Promise<SimulatorStats> {
  return (await fetch(`${momoUrl}/__sim/stats`)).json() as Promise<SimulatorStats>;
}

async function held(product: 'collection' | 'disbursement', referenceId: string): Promise<SimulatedTransaction> {
  const response = await fetch(`${momoUrl}/__sim/${product}/${referenceId}`);
  expect(response.status).toBe(200);
  return response.json() as Promise<SimulatedTransaction>;
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('MTN MoMo adapter against the simulator: payments', () => {
  it("asks for a payment, reports it PENDING, then SUCCESSFUL after the simulator's approval delay, and calls back once", async () => {
    const momo = await freshAdapter();
    const payment = aPayment(numbers.approve['088']);
    const started = Date.now();
    await momo.requestToPay(payment);

    expect(await momo.paymentStatus(payment.referenceId)).toEqual({ status: 'PENDING' });
    const result = await eventually(() => momo.paymentStatus(payment.referenceId), settled);
    expect(Date.now() - started).toBeGreaterThanOrEqual(sharedStack().approveMs);
    expect(result).toEqual({ status: 'SUCCESSFUL', financialTransactionId: expect.stringMatching(/^\d+$/) });

    const [callback] = await callbacksFor(payment.referenceId, 1);
    expect(callback).toEqual({
      method: 'PUT',
      path: `/api/v1/webhooks/momo/${payment.referenceId}/per-payment-secret`,
      body: {
        financialTransactionId: result.financialTransactionId,
        externalId: payment.externalId,
        amount: '100.00',
        currency: 'LRD',
        payer: { partyIdType: 'MSISDN', partyId: numbers.approve['088'] },
        payerMessage: payment.payerMessage,
        payeeNote: payment.payeeNote,
        status: 'SUCCESSFUL',
      },
    });
  });

  it.each([
    ['088', numbers.decline['088']],
    ['055', numbers.decline['055']],
  ])('declines the %s decline number with APPROVAL_REJECTED and calls back', async (_network, msisdn) => {
    const momo = await mtnMomoProvider();
    const payment = aPayment(msisdn);
    await momo.requestToPay(payment);
    expect(await eventually(() => momo.paymentStatus(payment.referenceId), settled)).toEqual({
      status: 'FAILED',
      reason: 'APPROVAL_REJECTED',
    });
    const [callback] = await callbacksFor(payment.referenceId, 1);
    expect(callback!.body).toMatchObject({
      status: 'FAILED',
      reason: 'APPROVAL_REJECTED',
      externalId: payment.externalId,
    });
  });

  it('keeps the expire number PENDING for about three seconds, then FAILED EXPIRED with a callback', async () => {
    const momo = await mtnMomoProvider();
    const payment = aPayment(numbers.expire['055']);
    const started = Date.now();
    await momo.requestToPay(payment);
    const result = await eventually(() => momo.paymentStatus(payment.referenceId), settled);
    expect(result).toEqual({ status: 'FAILED', reason: 'EXPIRED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    const [callback] = await callbacksFor(payment.referenceId, 1);
    expect(callback!.body).toMatchObject({ status: 'FAILED', reason: 'EXPIRED' });
  });

  it('approves the silent number but never calls back (reconciliation has to find it)', async () => {
    const momo = await mtnMomoProvider();
    const payment = aPayment(numbers.silent['088']);
    await momo.requestToPay(payment);
    expect(await eventually(() => momo.paymentStatus(payment.referenceId), settled)).toMatchObject({
      status: 'SUCCESSFUL',
    });
    // the simulator calls back the moment it settles; once SUCCESSFUL, a callback would already be counted
    expect((await held('collection', payment.referenceId)).callbacksSent).toBe(0);
    expect(receiver.for(payment.referenceId)).toEqual([]);
  });

  it('approves the twice number and calls back twice with the same body', async () => {
    const momo = await mtnMomoProvider();
    const payment = aPayment(numbers.twice['055']);
    await momo.requestToPay(payment);
    const [first, second] = await callbacksFor(payment.referenceId, 2);
    expect(first!.body).toMatchObject({ status: 'SUCCESSFUL', externalId: payment.externalId });
    expect(second!.body).toEqual(first!.body);
    expect(await momo.paymentStatus(payment.referenceId)).toMatchObject({ status: 'SUCCESSFUL' });
  });

  it('leaves the stuck number PENDING past every other outcome, with no callback', async () => {
    const momo = await mtnMomoProvider();
    const stuck = aPayment(numbers.stuck['088']);
    const expiring = aPayment(numbers.expire['088']);
    await Promise.all([momo.requestToPay(stuck), momo.requestToPay(expiring)]);
    await eventually(() => momo.paymentStatus(expiring.referenceId), settled);
    expect(await momo.paymentStatus(stuck.referenceId)).toEqual({ status: 'PENDING' });
    expect((await held('collection', stuck.referenceId)).callbacksSent).toBe(0);
  });

  it('treats a resend under the same reference as the same payment (MTN answers 409)', async () => {
    const momo = await mtnMomoProvider();
    const payment = aPayment(numbers.approve['055']);
    await momo.requestToPay(payment);
    await expect(momo.requestToPay(payment)).resolves.toBeUndefined();
    expect((await held('collection', payment.referenceId)).request).toMatchObject({
      amount: '100.00',
      externalId: payment.externalId,
    });

    const reused = await rejectionOf(momo.requestToPay({ ...payment, amountCents: 99_999 }));
    expect(reused).toBeInstanceOf(ProviderRejectedError);
    expect((reused as ProviderRejectedError).status).toBe(409);
    expect((await held('collection', payment.referenceId)).request).toMatchObject({ amount: '100.00' });
  });

  it('reports a reference the provider never received as FAILED NOT_FOUND', async () => {
    const momo = await mtnMomoProvider();
    expect(await momo.paymentStatus(randomUUID())).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });
    expect(await momo.transferStatus(randomUUID())).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });

    // a payment's reference is not a transfer's
    const payment = aPayment(numbers.stuck['055']);
    await momo.requestToPay(payment);
    expect(await momo.transferStatus(payment.referenceId)).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });
  });
});

describe('MTN MoMo adapter against the simulator: payouts', () => {
  it('pays out, reports the transfer SUCCESSFUL and calls back with the payee', async () => {
    const momo = await mtnMomoProvider();
    const payout = aPayout(numbers.approve['088']);
    await momo.transfer(payout);
    expect(await eventually(() => momo.transferStatus(payout.referenceId), settled)).toEqual({
      status: 'SUCCESSFUL',
      financialTransactionId: expect.any(String),
    });
    const [callback] = await callbacksFor(payout.referenceId, 1);
    expect(callback!.body).toMatchObject({
      amount: '2500.50',
      currency: 'USD',
      payee: { partyIdType: 'MSISDN', partyId: numbers.approve['088'] },
      status: 'SUCCESSFUL',
    });
    await expect(momo.transfer(payout)).resolves.toBeUndefined();
  });

  it('fails a payout to the decline number with PAYEE_NOT_FOUND', async () => {
    const momo = await mtnMomoProvider();
    const payout = aPayout(numbers.decline['055']);
    await momo.transfer(payout);
    expect(await eventually(() => momo.transferStatus(payout.referenceId), settled)).toEqual({
      status: 'FAILED',
      reason: 'PAYEE_NOT_FOUND',
    });
  });
});

describe('MTN MoMo adapter: tokens', () => {
  it('fetches one collection token for many concurrent and later calls, and a separate disbursement token', async () => {
    const before = await simStats();
    const momo = await freshAdapter();
    const payments = Array.from({ length: 5 }, () => aPayment(numbers.stuck['088']));
    await Promise.all(payments.slice(0, 4).map((p) => momo.requestToPay(p)));
    await momo.requestToPay(payments[4]!);
    await momo.paymentStatus(payments[0]!.referenceId);

    const serials = new Set(
      await Promise.all(payments.map(async (p) => (await held('collection', p.referenceId)).tokenSerial)),
    );
    expect(serials.size).toBe(1);
    const [serial] = serials;
    // the token was issued during this test, i.e. to this adapter
    expect(serial).toBeGreaterThan(before.tokensIssued);
    expect((await simStats()).tokenRequests.collection).toBeGreaterThan(before.tokenRequests.collection);

    const payout = aPayout(numbers.stuck['088']);
    await momo.transfer(payout);
    expect((await held('disbursement', payout.referenceId)).tokenSerial).not.toBe(serial);
  });

  it('fetches a new token once when the provider refuses the cached one (401)', async () => {
    const momo = await freshAdapter();
    const first = aPayment(numbers.stuck['055']);
    await momo.requestToPay(first);
    const { tokenSerial } = await held('collection', first.referenceId);
    const revoke = await fetch(`${momoUrl}/__sim/revoke-token`, {
      method: 'POST',
      body: JSON.stringify({ tokenSerial }),
    });
    expect(await revoke.json()).toEqual({ revoked: 1 });

    const second = aPayment(numbers.stuck['055']);
    await momo.requestToPay(second);
    expect((await held('collection', second.referenceId)).tokenSerial).not.toBe(tokenSerial);
  });

  it('treats wrong API credentials as the provider unavailable, without repeating them', async () => {
    const momo = await freshAdapter({ apiKey: 'not-the-api-key' });
    const error = await rejectionOf(momo.requestToPay(aPayment(numbers.approve['088'])));
    // rotated or revoked credentials say nothing of the payment (DESIGN section 8): unknown, never a refusal
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/refused our credentials .* 401/);
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('not-the-api-key');
  });
});

describe('MTN MoMo adapter: outcome unknown', () => {
  it('turns a timeout into ProviderUnavailableError, and a status query then finds the payment', async () => {
    const momo = await freshAdapter({}, { timeoutMs: 300 });
    await momo.paymentStatus(randomUUID()); // token first, so the timeout is the payment request's
    const payment = aPayment(numbers.slow['088']);
    expect(await rejectionOf(momo.requestToPay(payment))).toBeInstanceOf(ProviderUnavailableError);
    // until MTN answers the slow request it cannot find it (404, NOT_FOUND): no final word, so ask on — with the
    // adapter's own timeout, so a loaded machine's slow status answer is not taken for the timeout under test
    const patient = await freshAdapter();
    const found = (result: StatusResult) => settled(result) && result.reason !== 'NOT_FOUND';
    expect(await eventually(() => patient.paymentStatus(payment.referenceId), found, 15_000)).toMatchObject({
      status: 'SUCCESSFUL',
    });
  }, 20_000);

  it('reads a resend answered 409 while MTN still indexes the first request (status 404) as unknown, never a refusal', async () => {
    const momo = await freshAdapter({}, { timeoutMs: 300 });
    await momo.paymentStatus(randomUUID()); // token first, so the timeout is the payment request's
    const payment = aPayment(numbers.slow['055']);
    expect(await rejectionOf(momo.requestToPay(payment))).toBeInstanceOf(ProviderUnavailableError);
    // the resend: 409 (MTN holds the reference), then 404 to the status query that checks it is the same request
    // (sent with the adapter's own timeout: the subject is the 409's reading, not a slow answer on a loaded machine)
    const resent = await rejectionOf((await freshAdapter()).requestToPay(payment));
    expect(resent).toBeInstanceOf(ProviderUnavailableError);
    expect(resent.message).toMatch(/still indexes/);
  });

  it('turns an unreachable provider into ProviderUnavailableError', async () => {
    const momo = await freshAdapter({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    expect(await rejectionOf(momo.paymentStatus(randomUUID()))).toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('callbacks our side refuses', () => {
  it('is delivered once, counted as failed and not retried when our side answers 500', async () => {
    const momo = await mtnMomoProvider();
    const before = await simStats();
    const payment = aPayment(numbers.approve['055']);
    payment.callbackUrl = `${receiver.url}/broken/${payment.referenceId}`;
    await momo.requestToPay(payment);
    await callbacksFor(payment.referenceId, 1);
    await eventually(simStats, (stats) => stats.callbacks.failed > before.callbacks.failed);
    expect((await held('collection', payment.referenceId)).callbacksSent).toBe(1);
    expect(receiver.for(payment.referenceId)).toHaveLength(1);
  });
});

describe('provider choice on the local stack', () => {
  it('sends Lonestar MTN numbers (088, 055) to the MTN adapter and Orange numbers to the Orange adapter', async () => {
    const mtn = await mtnMomoProvider();
    expect(mtn.name).toBe('mtn');
    expect(await providerFor(numbers.approve['088'])).toBe(mtn);
    expect(await providerFor(numbers.approve['055'])).toBe(mtn);
    expect(await payoutProviderFor(numbers.approve['055'])).toBe(mtn);
    const orange = await orangeMoneyProvider();
    expect(orange?.name).toBe('orange');
    expect(await providerFor('231770000100')).toBe(orange);
    expect(await payoutProviderFor('231770000100')).toBe(orange);
  });

  it('would not pay an Orange number through MTN: the MTN simulator fails it PAYER_NOT_FOUND', async () => {
    const momo = await mtnMomoProvider();
    const payment = aPayment('231770000100');
    await momo.requestToPay(payment);
    expect(await eventually(() => momo.paymentStatus(payment.referenceId), settled)).toEqual({
      status: 'FAILED',
      reason: 'PAYER_NOT_FOUND',
    });
  });
});

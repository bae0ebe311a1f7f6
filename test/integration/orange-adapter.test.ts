import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port';
import { localSecrets } from '../../infra/local/local-secrets';
import type { OrangeSimTransaction, OrangeSimulatorStats } from '../../infra/local/orange-simulator';
import {
  ProviderRejectedError,
  ProviderUnavailableError,
  type CollectRequest,
  type StatusResult,
  type TransferRequest,
} from '../../functions/integrations/mobile-money';
import { OrangeMoneyProvider, type OrangeMoneyOptions } from '../../functions/integrations/orange/orange-money';
import { orderIdOf } from '../../functions/integrations/orange/orange-wire';
import { orangeMoneyProvider, storedPayTokens } from '../../functions/integrations/providers';
import { integrationConfig, type OrangeConfig } from '../../functions/integrations/secrets';
import { getPayToken } from '../../functions/integrations/orange/store/pay-tokens';
import { eventually } from '../support/eventually';
import { aCollectRequest } from '../support/payments';
import { sharedStack } from '../support/stack-target';

/**
 * The real Orange Money adapter against the real Orange simulator of the
 * local stack, keeping its payTokens in the stack's table (DESIGN section 8).
 * The only stand-in is the notification receiver below: it plays OUR
 * webhook, so the test can see what the simulator POSTs to notifUrl.
 */
const orangeUrl = sharedStack().orangeUrl;

/** Orange test numbers from the README's "Local default secrets" table (last six digits decide). */
const numbers = {
  approve: '231770000100',
  decline: '231770000101',
  expire: '231770000102',
  silent: '231770000103',
  twice: '231770000104',
  stuck: '231770000105',
  slow: '231770000106',
};

/** Stands in for our webhook: records every notification. */
const received: Array<{ method: string; path: string; body: { data?: Record<string, unknown> } }> = [];
let receiver: Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
});

async function localOrangeConfig(): Promise<OrangeConfig> {
  const { orange } = await integrationConfig();
  if (!orange) throw new Error('the local stack configures Orange');
  return orange;
}

/** A fresh adapter (its own token cache), as a cold Lambda would have. */
async function freshAdapter(
  overrides: Partial<OrangeConfig> = {},
  options: OrangeMoneyOptions = {},
): Promise<OrangeMoneyProvider> {
  return new OrangeMoneyProvider({ ...(await localOrangeConfig()), ...overrides }, storedPayTokens, options);
}

async function adapter(): Promise<OrangeMoneyProvider> {
  return (await orangeMoneyProvider())!;
}

const aPayment = (msisdn: string, overrides: Partial<CollectRequest> = {}): CollectRequest =>
  aCollectRequest(msisdn, (referenceId) => ({
    externalId: referenceId,
    payerMessage: 'Daily draw entry',
    payeeNote: `Daily draw ${referenceId}`,
    callbackUrl: `${receiverUrl}/api/v1/webhooks/orange/${referenceId}/per-payment-secret`,
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
const notificationsFor = (referenceId: string, count: number) =>
  eventually(
    () => received.filter((n) => n.path.includes(referenceId)),
    (n) => n.length >= count,
  );

/** The one transaction the simulator was asked to pay under this reference (its orderId): a second pay would show here. */
async function held(referenceId: string): Promise<OrangeSimTransaction> {
  const response = await fetch(`${orangeUrl}/__sim/orders/${orderIdOf(referenceId)}`);
  const { transactions } = (await response.json()) as { transactions: OrangeSimTransaction[] };
  expect(transactions).toHaveLength(1);
  return transactions[0]!;
}

async function simStats(): Promise<OrangeSimulatorStats> {
  return (await fetch(`${orangeUrl}/__sim/stats`)).json() as Promise<OrangeSimulatorStats>;
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('Orange Money adapter against the simulator: payments', () => {
  it("inits, saves the payToken, pays; then SUCCESSFUL with Orange's txnid, and one notification POSTed to notifUrl", async () => {
    const orange = await freshAdapter();
    const payment = aPayment(numbers.approve);
    await orange.requestToPay(payment);

    const saved = await getPayToken('mp', payment.referenceId);
    const transaction = await held(payment.referenceId);
    expect(saved).toMatchObject({
      payToken: transaction.payToken,
      msisdn: numbers.approve,
      amountCents: 10_000,
      currency: 'LRD',
    });
    expect(transaction.request).toEqual({
      notifUrl: payment.callbackUrl,
      channelUserMsisdn: localSecrets.orange.channelMsisdnLrd,
      amount: '100.00',
      subscriberMsisdn: '770000100',
      pin: localSecrets.orange.pin,
      orderId: orderIdOf(payment.referenceId),
      description: 'Daily draw entry',
      payToken: transaction.payToken,
    });

    const result = await eventually(() => orange.paymentStatus(payment.referenceId), settled);
    expect(result).toEqual({
      status: 'SUCCESSFUL',
      financialTransactionId: expect.stringMatching(/^MP\d{6}\.\d{4}\./),
    });

    const [notification] = await notificationsFor(payment.referenceId, 1);
    expect(notification).toMatchObject({
      method: 'POST',
      path: `/api/v1/webhooks/orange/${payment.referenceId}/per-payment-secret`,
      body: { data: { payToken: transaction.payToken, status: 'SUCCESSFULL', txnid: result.financialTransactionId } },
    });
  });

  it('collects USD into the USD channel wallet (the Core API has no currency field)', async () => {
    const orange = await adapter();
    const payment = aPayment(numbers.stuck, { amountCents: 150, currency: 'USD' });
    await orange.requestToPay(payment);
    expect((await held(payment.referenceId)).request).toMatchObject({
      channelUserMsisdn: localSecrets.orange.channelMsisdnUsd,
      amount: '1.50',
    });
  });

  it.each([
    ['decline', numbers.decline, { status: 'FAILED', reason: 'APPROVAL_REJECTED' }],
    ['expire', numbers.expire, { status: 'FAILED', reason: 'EXPIRED' }],
  ] as const)('reports the %s number (%s) as failed and notifies once', async (_outcome, msisdn, expected) => {
    const orange = await adapter();
    const payment = aPayment(msisdn);
    await orange.requestToPay(payment);
    expect(await eventually(() => orange.paymentStatus(payment.referenceId), settled)).toEqual(expected);
    await notificationsFor(payment.referenceId, 1);
  });

  it('approves the silent number without a notification, and notifies the twice number twice', async () => {
    const orange = await adapter();
    const silent = aPayment(numbers.silent);
    const twice = aPayment(numbers.twice);
    await Promise.all([orange.requestToPay(silent), orange.requestToPay(twice)]);
    const [first, second] = await notificationsFor(twice.referenceId, 2);
    expect(second!.body).toEqual(first!.body);
    expect(await eventually(() => orange.paymentStatus(silent.referenceId), settled)).toMatchObject({
      status: 'SUCCESSFUL',
    });
    expect((await held(silent.referenceId)).notificationsSent).toBe(0);
  });

  it('sends a resend under the same reference nowhere (one pay), and refuses the reference reused for another amount', async () => {
    const orange = await adapter();
    const payment = aPayment(numbers.stuck);
    await orange.requestToPay(payment);
    await expect(orange.requestToPay(payment)).resolves.toBeUndefined();
    await held(payment.referenceId);

    const reused = await rejectionOf(orange.requestToPay({ ...payment, amountCents: 99_999 }));
    expect(reused).toBeInstanceOf(ProviderRejectedError);
    expect((reused as ProviderRejectedError).status).toBe(409);
  });

  it('sends one pay when the same reference is sent twice at once', async () => {
    const orange = await adapter();
    const payment = aPayment(numbers.stuck);
    await Promise.all([orange.requestToPay(payment), orange.requestToPay(payment)]);
    const saved = await getPayToken('mp', payment.referenceId);
    expect((await held(payment.referenceId)).payToken).toBe(saved!.payToken);
  });

  it('reports a reference it never sent as FAILED NOT_FOUND, and keeps payments and payouts apart', async () => {
    const orange = await adapter();
    expect(await orange.paymentStatus(randomUUID())).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });
    expect(await orange.transferStatus(randomUUID())).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });
    const payment = aPayment(numbers.stuck);
    await orange.requestToPay(payment);
    expect(await orange.transferStatus(payment.referenceId)).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });
  });

  it("gets Orange's 417 refusal for a number that is not an Orange wallet as a rejection, and the payment as FAILED", async () => {
    const orange = await adapter();
    const payment = aPayment('231880000100');
    const error = await rejectionOf(orange.requestToPay(payment));
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as ProviderRejectedError).status).toBe(417);
    // "60019 :: Subscriber not found": no wallet, in the port's words (the player is told so: entry-failure.ts)
    expect((error as ProviderRejectedError).reason).toBe('PAYER_NOT_FOUND');
    expect(await orange.paymentStatus(payment.referenceId)).toEqual({ status: 'FAILED', reason: 'FAILED' });
  });
});

describe('Orange Money adapter against the simulator: payouts (cash-in)', () => {
  it('pays out through cashin, reports SUCCESSFUL with the txnid, and notifies', async () => {
    const orange = await adapter();
    const payout = aPayout(numbers.approve, {
      callbackUrl: `${receiverUrl}/api/v1/webhooks/orange-cashin/payout-${randomUUID()}/s`,
    });
    await orange.transfer(payout);
    expect((await held(payout.referenceId)).request).toMatchObject({
      amount: '2500.50',
      channelUserMsisdn: localSecrets.orange.channelMsisdnUsd,
    });
    expect(await eventually(() => orange.transferStatus(payout.referenceId), settled)).toEqual({
      status: 'SUCCESSFUL',
      financialTransactionId: expect.stringMatching(/^CI/),
    });
    expect(await getPayToken('cashin', payout.referenceId)).toMatchObject({ payToken: expect.stringMatching(/^CI/) });
  });

  it('fails a payout to the decline number', async () => {
    const orange = await adapter();
    const payout = aPayout(numbers.decline);
    await orange.transfer(payout);
    expect(await eventually(() => orange.transferStatus(payout.referenceId), settled)).toEqual({
      status: 'FAILED',
      reason: 'FAILED',
    });
  });
});

describe('Orange Money adapter: tokens', () => {
  it('fetches one token for many concurrent and later calls', async () => {
    const before = await simStats();
    const orange = await freshAdapter();
    const payments = Array.from({ length: 4 }, () => aPayment(numbers.stuck));
    await Promise.all(payments.map((p) => orange.requestToPay(p)));
    await orange.paymentStatus(payments[0]!.referenceId);
    const serials = new Set(await Promise.all(payments.map(async (p) => (await held(p.referenceId)).tokenSerial)));
    expect(serials.size).toBe(1);
    expect([...serials][0]).toBeGreaterThan(before.tokensIssued);
  });

  it('fetches a new token once when the provider refuses the cached one (401)', async () => {
    const orange = await freshAdapter();
    const first = aPayment(numbers.stuck);
    await orange.requestToPay(first);
    const { tokenSerial } = await held(first.referenceId);
    const revoke = await fetch(`${orangeUrl}/__sim/revoke-token`, {
      method: 'POST',
      body: JSON.stringify({ tokenSerial }),
    });
    expect(await revoke.json()).toEqual({ revoked: 1 });

    const second = aPayment(numbers.stuck);
    await orange.requestToPay(second);
    expect((await held(second.referenceId)).tokenSerial).not.toBe(tokenSerial);
  });

  it('treats a wrong client secret as the provider unavailable, without repeating it, having saved nothing', async () => {
    const orange = await freshAdapter({ clientSecret: 'not-the-client-secret' });
    const payment = aPayment(numbers.approve);
    const error = await rejectionOf(orange.requestToPay(payment));
    // rotated or revoked credentials say nothing of the payment (DESIGN section 8): unknown, never a refusal
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toMatch(/refused our credentials .* 401/);
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('not-the-client-secret');
    expect(await getPayToken('mp', payment.referenceId)).toBeUndefined();
  });
});

describe('Orange Money adapter: outcome unknown', () => {
  it('turns a timeout of pay into ProviderUnavailableError, and the saved payToken lets a status query find the payment', async () => {
    const orange = await freshAdapter({}, { timeoutMs: 1_000 });
    await orange.paymentStatus(randomUUID()); // nothing saved: no call; the token comes with the first init below
    const payment = aPayment(numbers.slow);
    expect(await rejectionOf(orange.requestToPay(payment))).toBeInstanceOf(ProviderUnavailableError);
    expect(await eventually(() => orange.paymentStatus(payment.referenceId), settled)).toMatchObject({
      status: 'SUCCESSFUL',
    });
  });

  it('turns an unreachable provider into ProviderUnavailableError, with nothing saved', async () => {
    const orange = await freshAdapter({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    const payment = aPayment(numbers.approve);
    expect(await rejectionOf(orange.requestToPay(payment))).toBeInstanceOf(ProviderUnavailableError);
    expect(await orange.paymentStatus(payment.referenceId)).toEqual({ status: 'FAILED', reason: 'NOT_FOUND' });
  });
});

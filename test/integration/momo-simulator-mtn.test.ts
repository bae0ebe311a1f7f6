import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MTN_SANDBOX_NUMBERS } from '../../functions/integrations/momo/momo-environment';
import { localSecrets } from '../../infra/local/local-secrets';
import { MomoSimulator, type MomoSimulatorOptions } from '../../infra/local/momo-simulator';
import { eventually } from '../support/eventually';

/**
 * The MTN simulator refuses what MTN refuses and answers what MTN answers
 * (DESIGN section 8), checked with a client written from MTN's published API
 * (MoMo developer portal: Collection and Disbursement v1_0) — plain fetch with
 * MTN's headers, not our adapter, so the adapter cannot drift along with it.
 */
type Product = 'collection' | 'disbursement';
type Environment = 'sandbox' | 'mtnliberia';

interface MtnAnswer {
  status: number;
  body: unknown;
}

class MtnClient {
  private readonly tokens = new Map<Product, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly environment: Environment,
  ) {}

  /** POST /{product}/token/ with Basic apiUser:apiKey and the product's Ocp-Apim-Subscription-Key. */
  async token(product: Product): Promise<string> {
    const cached = this.tokens.get(product);
    if (cached) return cached;
    const { apiUser, apiKey } = localSecrets.momo;
    const response = await fetch(`${this.baseUrl}/${product}/token/`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
        'Ocp-Apim-Subscription-Key': subscriptionKey(product),
      },
    });
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };
    this.tokens.set(product, token);
    return token;
  }

  forgetTokens(): void {
    this.tokens.clear();
  }

  async requestToPay(
    body: Record<string, unknown>,
    options: { referenceId?: string; callbackUrl?: string } = {},
  ): Promise<MtnAnswer> {
    return this.post('collection', '/collection/v1_0/requesttopay', body, options);
  }

  async transfer(
    body: Record<string, unknown>,
    options: { referenceId?: string; callbackUrl?: string } = {},
  ): Promise<MtnAnswer> {
    return this.post('disbursement', '/disbursement/v1_0/transfer', body, options);
  }

  async paymentStatus(referenceId: string): Promise<MtnAnswer> {
    return this.get('collection', `/collection/v1_0/requesttopay/${referenceId}`);
  }

  async transferStatus(referenceId: string): Promise<MtnAnswer> {
    return this.get('disbursement', `/disbursement/v1_0/transfer/${referenceId}`);
  }

  async balance(product: Product): Promise<MtnAnswer> {
    return this.get(product, `/${product}/v1_0/account/balance`);
  }

  async accountHolderActive(product: Product, msisdn: string): Promise<MtnAnswer> {
    return this.get(product, `/${product}/v1_0/accountholder/msisdn/${msisdn}/active`);
  }

  private async post(
    product: Product,
    path: string,
    body: Record<string, unknown>,
    options: { referenceId?: string; callbackUrl?: string },
  ): Promise<MtnAnswer> {
    return this.send(product, path, {
      method: 'POST',
      headers: {
        'X-Reference-Id': options.referenceId ?? randomUUID(),
        ...(options.callbackUrl ? { 'X-Callback-Url': options.callbackUrl } : {}),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  }

  private async get(product: Product, path: string): Promise<MtnAnswer> {
    return this.send(product, path, { method: 'GET', headers: {} });
  }

  private async send(
    product: Product,
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<MtnAnswer> {
    const request = async () =>
      fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${await this.token(product)}`,
          'X-Target-Environment': this.environment,
          'Ocp-Apim-Subscription-Key': subscriptionKey(product),
          ...init.headers,
        },
      });
    // a kept-alive connection to a simulator that has since restarted is closed under us: one new connection, as any client makes
    const response = await request().catch((error: Error) => {
      if ((error.cause as { code?: string } | undefined)?.code !== 'UND_ERR_SOCKET') throw error;
      return request();
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }
}

function subscriptionKey(product: Product): string {
  return product === 'collection'
    ? localSecrets.momo.collectionSubscriptionKey
    : localSecrets.momo.disbursementSubscriptionKey;
}

const aPayment = (partyId: string, currency: string, amount = '100.00') => ({
  amount,
  currency,
  externalId: `entry-${randomUUID().slice(0, 8)}`,
  payer: { partyIdType: 'MSISDN', partyId },
  payerMessage: 'Daily draw ticket',
  payeeNote: 'Daily draw entry',
});

const aTransfer = (partyId: string, currency: string, amount = '100.00') => ({
  amount,
  currency,
  externalId: `payout-${randomUUID().slice(0, 8)}`,
  payee: { partyIdType: 'MSISDN', partyId },
  payerMessage: 'Prize',
  payeeNote: 'Prize payout',
});

let simulators: MomoSimulator[] = [];
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(simulators.map((simulator) => simulator.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  simulators = [];
  dirs = [];
});

async function aSimulator(options: MomoSimulatorOptions = {}, port = 0): Promise<MomoSimulator> {
  const simulator = new MomoSimulator({ approveMs: 50, expireMs: 100, ...options });
  await simulator.start(port);
  simulators.push(simulator);
  return simulator;
}

function aDataFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'momo-sim-'));
  dirs.push(dir);
  return join(dir, 'momo-simulator.json');
}

const settledStatus = async (client: MtnClient, product: Product, referenceId: string) =>
  (
    await eventually(
      () => (product === 'collection' ? client.paymentStatus(referenceId) : client.transferStatus(referenceId)),
      (answer) => (answer.body as { status?: string } | undefined)?.status !== 'PENDING',
    )
  ).body as { status: string; reason?: string; currency?: string };

describe('currencies by X-Target-Environment', () => {
  it('takes only EUR in the sandbox, and only LRD or USD in mtnliberia, with 400 {code, message} otherwise', async () => {
    const simulator = await aSimulator();
    const sandbox = new MtnClient(simulator.url, 'sandbox');
    const liberia = new MtnClient(simulator.url, 'mtnliberia');

    for (const currency of ['LRD', 'USD']) {
      const refused = await sandbox.requestToPay(aPayment(MTN_SANDBOX_NUMBERS.success, currency));
      expect(refused).toEqual({
        status: 400,
        body: { code: 'INVALID_CURRENCY', message: expect.stringMatching(/EUR/) },
      });
      expect((await sandbox.transfer(aTransfer(MTN_SANDBOX_NUMBERS.success, currency))).status).toBe(400);
    }
    expect((await sandbox.requestToPay(aPayment(MTN_SANDBOX_NUMBERS.success, 'EUR'))).status).toBe(202);

    expect(await liberia.requestToPay(aPayment('231880000100', 'EUR'))).toMatchObject({
      status: 400,
      body: { code: 'INVALID_CURRENCY' },
    });
    expect((await liberia.requestToPay(aPayment('231880000100', 'LRD'))).status).toBe(202);
    expect((await liberia.transfer(aTransfer('231880000100', 'USD'))).status).toBe(202);
    // only the two accepted above are held
    expect(simulator.transactions()).toHaveLength(3);
  });
});

describe("MTN's sandbox test numbers", () => {
  it('fail, reject, time out, succeed and stay pending as MTN documents, in the sandbox only', async () => {
    const simulator = await aSimulator();
    const sandbox = new MtnClient(simulator.url, 'sandbox');
    const expected: Array<[string, string, string | undefined]> = [
      [MTN_SANDBOX_NUMBERS.failed, 'FAILED', 'INTERNAL_PROCESSING_ERROR'],
      [MTN_SANDBOX_NUMBERS.rejected, 'FAILED', 'APPROVAL_REJECTED'],
      [MTN_SANDBOX_NUMBERS.timeout, 'FAILED', 'EXPIRED'],
      [MTN_SANDBOX_NUMBERS.success, 'SUCCESSFUL', undefined],
    ];
    const references = await Promise.all(
      expected.map(async ([number]) => {
        const referenceId = randomUUID();
        expect((await sandbox.requestToPay(aPayment(number, 'EUR'), { referenceId })).status).toBe(202);
        return referenceId;
      }),
    );
    for (const [i, [number, status, reason]] of expected.entries()) {
      const settled = await settledStatus(sandbox, 'collection', references[i]!);
      expect(settled, number).toMatchObject({ status, currency: 'EUR' });
      expect(settled.reason, number).toBe(reason);
    }
    const pending = randomUUID();
    await sandbox.requestToPay(aPayment(MTN_SANDBOX_NUMBERS.pending, 'EUR'), { referenceId: pending });
    const settledSuccess = randomUUID();
    await sandbox.transfer(aTransfer(MTN_SANDBOX_NUMBERS.success, 'EUR'), { referenceId: settledSuccess });
    expect((await settledStatus(sandbox, 'disbursement', settledSuccess)).status).toBe('SUCCESSFUL');
    expect((await sandbox.paymentStatus(pending)).body).toMatchObject({ status: 'PENDING' });

    // in mtnliberia a sandbox number is no Liberian wallet: MTN finds no payer
    const liberia = new MtnClient(simulator.url, 'mtnliberia');
    const outside = randomUUID();
    await liberia.requestToPay(aPayment(MTN_SANDBOX_NUMBERS.success, 'LRD'), { referenceId: outside });
    expect(await settledStatus(liberia, 'collection', outside)).toMatchObject({
      status: 'FAILED',
      reason: 'PAYER_NOT_FOUND',
    });
  });
});

describe('the registered callback host', () => {
  it('refuses an X-Callback-Url on another host with 400, and calls back to the registered one', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200).end();
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const simulator = await aSimulator({ callbackHost: '127.0.0.1' });
      const client = new MtnClient(simulator.url, 'mtnliberia');

      for (const elsewhere of [`http://localhost:${port}/cb`, 'https://attacker.example/cb']) {
        const refused = await client.requestToPay(aPayment('231880000100', 'LRD'), { callbackUrl: elsewhere });
        expect(refused, elsewhere).toEqual({
          status: 400,
          body: { code: 'INVALID_CALLBACK_URL_HOST', message: expect.any(String) },
        });
      }
      expect(simulator.transactions()).toHaveLength(0);

      const referenceId = randomUUID();
      expect(
        (
          await client.requestToPay(aPayment('231880000100', 'LRD'), {
            referenceId,
            callbackUrl: `http://127.0.0.1:${port}/cb/${referenceId}`,
          })
        ).status,
      ).toBe(202);
      await eventually(
        () => received,
        (calls) => calls.includes(`PUT /cb/${referenceId}`),
      );
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((done) => receiver.close(() => done()));
    }
  });
});

describe('500 and 503', () => {
  it('answers 500 and 503 for their test numbers, creating nothing', async () => {
    const simulator = await aSimulator();
    const client = new MtnClient(simulator.url, 'mtnliberia');
    for (const [number, status, code] of [
      ['231880000500', 500, 'INTERNAL_PROCESSING_ERROR'],
      ['231880000503', 503, 'SERVICE_UNAVAILABLE'],
    ] as const) {
      const referenceId = randomUUID();
      expect(await client.requestToPay(aPayment(number, 'LRD'), { referenceId })).toEqual({
        status,
        body: { code, message: expect.any(String) },
      });
      expect((await client.accountHolderActive('disbursement', number)).status).toBe(status);
      expect((await client.paymentStatus(referenceId)).status).toBe(404);
    }
  });

  it('answers the next calls 500 or 503 when told to, then as before', async () => {
    const simulator = await aSimulator();
    const client = new MtnClient(simulator.url, 'mtnliberia');
    await client.token('disbursement');
    const told = await fetch(`${simulator.url}/__sim/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ status: 503, count: 2 }),
    });
    expect(told.status).toBe(200);
    expect((await client.balance('disbursement')).status).toBe(503);
    expect((await client.transfer(aTransfer('231880000100', 'LRD'))).status).toBe(503);
    expect((await client.balance('disbursement')).status).toBe(200);
    expect(simulator.transactions()).toHaveLength(0);
    expect(
      (await fetch(`${simulator.url}/__sim/fail-next`, { method: 'POST', body: JSON.stringify({ status: 418 }) }))
        .status,
    ).toBe(400);
  });
});

describe('account holders and balances', () => {
  it('says which numbers are active MoMo accounts', async () => {
    const simulator = await aSimulator();
    const liberia = new MtnClient(simulator.url, 'mtnliberia');
    const sandbox = new MtnClient(simulator.url, 'sandbox');
    const active = async (client: MtnClient, msisdn: string) => {
      const answer = await client.accountHolderActive('disbursement', msisdn);
      expect(answer.status, msisdn).toBe(200);
      return (answer.body as { result: boolean }).result;
    };
    expect(await active(liberia, '231880000100')).toBe(true);
    expect(await active(liberia, '231550000100')).toBe(true);
    expect(await active(liberia, '231880000301')).toBe(false); // the inactive test number
    expect(await active(liberia, '231770000100')).toBe(false); // Orange: no MTN wallet
    expect(await active(liberia, MTN_SANDBOX_NUMBERS.success)).toBe(false);
    expect(await active(sandbox, MTN_SANDBOX_NUMBERS.success)).toBe(true);
    expect((await liberia.accountHolderActive('collection', '231880000100')).body).toEqual({ result: true });
    expect((await liberia.accountHolderActive('disbursement', 'not-a-number')).status).toBe(400);
  });

  it('fails a transfer to an inactive account as MTN does, moving no money', async () => {
    const simulator = await aSimulator();
    const client = new MtnClient(simulator.url, 'mtnliberia');
    const before = (await client.balance('disbursement')).body;
    const referenceId = randomUUID();
    expect((await client.transfer(aTransfer('231880000301', 'LRD'), { referenceId })).status).toBe(202);
    expect(await settledStatus(client, 'disbursement', referenceId)).toMatchObject({
      status: 'FAILED',
      reason: 'PAYEE_NOT_FOUND',
    });
    expect((await client.balance('disbursement')).body).toEqual(before);
  });

  it('answers {availableBalance, currency}; a float set low fails a transfer it cannot cover NOT_ENOUGH_FUNDS', async () => {
    const simulator = await aSimulator();
    const liberia = new MtnClient(simulator.url, 'mtnliberia');
    const sandbox = new MtnClient(simulator.url, 'sandbox');
    expect(await liberia.balance('disbursement')).toEqual({
      status: 200,
      body: { availableBalance: expect.stringMatching(/^\d+\.\d\d$/), currency: 'LRD' },
    });
    expect((await sandbox.balance('disbursement')).body).toMatchObject({ currency: 'EUR' });

    const low = await fetch(`${simulator.url}/__sim/balance`, {
      method: 'POST',
      body: JSON.stringify({
        environment: 'mtnliberia',
        product: 'disbursement',
        currency: 'LRD',
        availableBalance: '150.00',
      }),
    });
    expect(low.status).toBe(200);
    expect((await liberia.balance('disbursement')).body).toEqual({ availableBalance: '150.00', currency: 'LRD' });

    const covered = randomUUID();
    await liberia.transfer(aTransfer('231880000100', 'LRD', '100.00'), { referenceId: covered });
    expect((await settledStatus(liberia, 'disbursement', covered)).status).toBe('SUCCESSFUL');
    expect((await liberia.balance('disbursement')).body).toEqual({ availableBalance: '50.00', currency: 'LRD' });

    const tooMuch = randomUUID();
    await liberia.transfer(aTransfer('231880000100', 'LRD', '50.01'), { referenceId: tooMuch });
    expect(await settledStatus(liberia, 'disbursement', tooMuch)).toMatchObject({
      status: 'FAILED',
      reason: 'NOT_ENOUGH_FUNDS',
    });
    expect((await liberia.balance('disbursement')).body).toEqual({ availableBalance: '50.00', currency: 'LRD' });

    // a payment in credits the collection account
    const collected = randomUUID();
    const startCollection = (await liberia.balance('collection')).body as { availableBalance: string };
    await liberia.requestToPay(aPayment('231880000100', 'LRD', '25.00'), { referenceId: collected });
    expect((await settledStatus(liberia, 'collection', collected)).status).toBe('SUCCESSFUL');
    expect(Number(((await liberia.balance('collection')).body as { availableBalance: string }).availableBalance)).toBe(
      Number(startCollection.availableBalance) + 25,
    );
  });
});

describe('a restart loses nothing', () => {
  it('keeps payments, transfers and balances in its data file, and settles after the restart what was pending before it', async () => {
    const dataFile = aDataFile();
    const first = await aSimulator({ dataFile, approveMs: 600 });
    const port = Number(new URL(first.url).port);
    const client = new MtnClient(first.url, 'mtnliberia');

    const settledBefore = randomUUID();
    const pendingAcross = randomUUID();
    const stuck = randomUUID();
    const payout = randomUUID();
    await fetch(`${first.url}/__sim/balance`, {
      method: 'POST',
      body: JSON.stringify({ availableBalance: '1000.00' }),
    });
    await client.transfer(aTransfer('231880000100', 'LRD', '300.00'), { referenceId: payout });
    await client.requestToPay(aPayment('231880000100', 'LRD'), { referenceId: settledBefore });
    expect((await settledStatus(client, 'collection', settledBefore)).status).toBe('SUCCESSFUL');
    await client.requestToPay(aPayment('231880000100', 'LRD'), { referenceId: pendingAcross });
    await client.requestToPay(aPayment('231880000105', 'LRD'), { referenceId: stuck });
    expect((await client.paymentStatus(pendingAcross)).body).toMatchObject({ status: 'PENDING' });

    await first.stop();
    simulators = simulators.filter((s) => s !== first);
    const second = await aSimulator({ dataFile, approveMs: 600 }, port);
    expect(second.url).toBe(first.url);

    // the old token died with the process (MTN's expire too): the client gets a new one, as our adapter does on 401
    expect((await client.paymentStatus(settledBefore)).status).toBe(401);
    client.forgetTokens();
    expect((await client.paymentStatus(settledBefore)).body).toMatchObject({
      status: 'SUCCESSFUL',
      financialTransactionId: expect.any(String),
    });
    expect((await client.paymentStatus(stuck)).body).toMatchObject({ status: 'PENDING' });
    expect(await settledStatus(client, 'collection', pendingAcross)).toMatchObject({ status: 'SUCCESSFUL' });
    expect((await settledStatus(client, 'disbursement', payout)).status).toBe('SUCCESSFUL');
    expect((await client.balance('disbursement')).body).toEqual({ availableBalance: '700.00', currency: 'LRD' });
    // a reference it held before the restart is still refused as a duplicate
    expect((await client.requestToPay(aPayment('231880000100', 'LRD'), { referenceId: settledBefore })).status).toBe(
      409,
    );
  });
});

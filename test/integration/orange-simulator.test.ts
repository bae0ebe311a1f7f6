import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localSecrets } from '../../infra/local/local-secrets';
import {
  OrangeSimulator,
  type OrangeSimTransaction,
  type OrangeSimulatorStats,
} from '../../infra/local/orange-simulator';
import { eventually } from '../support/eventually';
import { sharedStack } from '../support/stack-target';

/**
 * The Orange Money simulator speaks the Orange Money Core API (DESIGN section
 * 8; omcoreapis 1.0.2) strictly enough that an adapter drifting from it fails
 * locally. The client below is written from Orange's published API, not from
 * our adapter: POST /token (client credentials), then `init` → payToken,
 * `pay` with {notifUrl, channelUserMsisdn, amount, subscriberMsisdn, pin,
 * orderId, description, payToken}, `paymentstatus/{payToken}` → data.status,
 * and the notification POSTed to notifUrl. Subscriber numbers are national
 * (770000100), as Orange writes them.
 */
const stackOrangeUrl = sharedStack().orangeUrl;
const orange = localSecrets.orange;
const X_AUTH_TOKEN = Buffer.from(`${orange.apiUsername}:${orange.apiPassword}`).toString('base64');
const core = (url: string) => `${url}/omcoreapis/1.0.2`;

/** Records every notification Orange POSTs (stands in for our webhook). */
const notifications: Array<{ path: string; body: { message: string; data: Record<string, unknown> } }> = [];
let receiver: Server;
let receiverUrl = '';
beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      notifications.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString() || '{}') });
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

async function accessToken(url = stackOrangeUrl, clientSecret: string = orange.clientSecret): Promise<Response> {
  return fetch(`${url}/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${orange.clientId}:${clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

async function bearer(url = stackOrangeUrl): Promise<string> {
  const response = await accessToken(url);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function coreCall(
  url: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; xAuth?: string; body?: unknown } = {},
) {
  const response = await fetch(`${core(url)}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${options.token ?? (await bearer(url))}`,
      'X-AUTH-TOKEN': options.xAuth ?? X_AUTH_TOKEN,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: Record<string, unknown> | null },
  };
}

async function payToken(operation: 'mp' | 'cashin', url = stackOrangeUrl): Promise<string> {
  const init = await coreCall(url, 'POST', `/${operation}/init`);
  expect(init.status).toBe(200);
  return init.body.data!.payToken as string;
}

const aPayBody = (token: string, subscriberMsisdn = '770000105', overrides: Record<string, unknown> = {}) => ({
  notifUrl: `${receiverUrl}/notify/${token}`,
  channelUserMsisdn: orange.channelMsisdnLrd,
  amount: '100.00',
  subscriberMsisdn,
  pin: orange.pin,
  orderId: 'order0001',
  description: 'Daily draw entry',
  payToken: token,
  ...overrides,
});

async function pay(operation: 'mp' | 'cashin', subscriberMsisdn: string, url = stackOrangeUrl) {
  const token = await payToken(operation, url);
  const answer = await coreCall(url, 'POST', `/${operation}/pay`, { body: aPayBody(token, subscriberMsisdn) });
  return { token, answer };
}

const statusOf = async (operation: 'mp' | 'cashin', token: string, url = stackOrangeUrl) =>
  (await coreCall(url, 'GET', `/${operation}/paymentstatus/${token}`)).body.data?.status;
const settledStatus = (operation: 'mp' | 'cashin', token: string, url = stackOrangeUrl) =>
  eventually(
    () => statusOf(operation, token, url),
    (status) => status !== 'PENDING',
  );
const notificationsFor = (token: string) => notifications.filter((n) => n.path === `/notify/${token}`);

describe('the Orange Money simulator on the local stack: tokens and authentication', () => {
  it('issues an OAuth2 client-credentials token, and refuses a wrong client secret or grant type', async () => {
    const good = await accessToken();
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
    });

    expect((await accessToken(stackOrangeUrl, 'not-the-secret')).status).toBe(401);
    const password = await fetch(`${stackOrangeUrl}/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${orange.clientId}:${orange.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=password',
    });
    expect(password.status).toBe(400);
  });

  it('refuses a Core API call without a valid Bearer token or with the wrong X-AUTH-TOKEN', async () => {
    const madeUp = await coreCall(stackOrangeUrl, 'POST', '/mp/init', { token: 'made-up' });
    expect(madeUp.status).toBe(401);
    expect(madeUp.body).toMatchObject({ fault: { code: 900901 } });
    const wrongChannelUser = await coreCall(stackOrangeUrl, 'POST', '/mp/init', {
      xAuth: Buffer.from('someone:else').toString('base64'),
    });
    expect(wrongChannelUser.status).toBe(401);
  });
});

describe('the Orange Money simulator on the local stack: merchant payment', () => {
  it('issues a payToken, takes the pay request as PENDING, and reports SUCCESSFULL with a txnid, notifying once', async () => {
    const token = await payToken('mp');
    expect(token).toMatch(/^MP\d{6}[0-9A-F]{20}$/);
    const answer = await coreCall(stackOrangeUrl, 'POST', '/mp/pay', { body: aPayBody(token, '770000100') });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      payToken: token,
      status: 'PENDING',
      subscriberMsisdn: '770000100',
      amount: '100.00',
      txnid: null,
    });

    expect(await settledStatus('mp', token)).toBe('SUCCESSFULL');
    const status = await coreCall(stackOrangeUrl, 'GET', `/mp/paymentstatus/${token}`);
    expect(status.body.data).toMatchObject({
      status: 'SUCCESSFULL',
      txnid: expect.stringMatching(/^MP\d{6}\.\d{4}\.[0-9A-F]{6}$/),
    });
    const [notification] = await eventually(
      () => notificationsFor(token),
      (n) => n.length >= 1,
    );
    expect(notification!.body.data).toMatchObject({
      payToken: token,
      status: 'SUCCESSFULL',
      txnid: status.body.data!.txnid,
    });
  });

  it.each([
    ['decline', '770000101', 'CANCELLED', 1],
    ['expire', '770000102', 'EXPIRED', 1],
    ['silent', '770000103', 'SUCCESSFULL', 0],
    ['twice', '770000104', 'SUCCESSFULL', 2],
  ] as const)('settles the %s number %s as %s with %i notifications', async (_outcome, msisdn, final, notified) => {
    const { token, answer } = await pay('mp', msisdn);
    expect(answer.status).toBe(200);
    expect(await settledStatus('mp', token)).toBe(final);
    if (notified > 0)
      await eventually(
        () => notificationsFor(token),
        (n) => n.length >= notified,
      );
    const held = (await (await fetch(`${stackOrangeUrl}/__sim/transactions/${token}`)).json()) as OrangeSimTransaction;
    expect(held.notificationsSent).toBe(notified);
  });

  it('keeps the stuck number PENDING past the others', async () => {
    const stuck = await pay('mp', '770000105');
    const declined = await pay('mp', '770000101');
    await settledStatus('mp', declined.token);
    expect(await statusOf('mp', stuck.token)).toBe('PENDING');
  });

  it("refuses with 417 a subscriber who is not an Orange wallet (an MTN number), a wrong PIN and a channel that is not the merchant's", async () => {
    const mtn = await pay('mp', '880000100');
    expect(mtn.answer.status).toBe(417);
    expect(mtn.answer.body.data).toMatchObject({ status: 'FAILED', inittxnmessage: 'Subscriber not found' });
    expect(await statusOf('mp', mtn.token)).toBe('FAILED');

    const wrongPin = await payToken('mp');
    expect(
      (await coreCall(stackOrangeUrl, 'POST', '/mp/pay', { body: aPayBody(wrongPin, '770000100', { pin: '0000' }) }))
        .status,
    ).toBe(417);
    const wrongChannel = await payToken('mp');
    const channel = await coreCall(stackOrangeUrl, 'POST', '/mp/pay', {
      body: aPayBody(wrongChannel, '770000100', { channelUserMsisdn: '770009999' }),
    });
    expect(channel.status).toBe(417);
  });

  it('refuses to use a payToken twice, one it never issued, and one of the other operation', async () => {
    const { token } = await pay('mp', '770000105');
    expect((await coreCall(stackOrangeUrl, 'POST', '/mp/pay', { body: aPayBody(token, '770000105') })).status).toBe(
      417,
    );
    expect(
      (await coreCall(stackOrangeUrl, 'POST', '/mp/pay', { body: aPayBody('MP251125000000000000000000AB') })).status,
    ).toBe(417);
    const cashinToken = await payToken('cashin');
    expect((await coreCall(stackOrangeUrl, 'POST', '/mp/pay', { body: aPayBody(cashinToken) })).status).toBe(417);
    expect((await coreCall(stackOrangeUrl, 'GET', `/cashin/paymentstatus/${token}`)).status).toBe(404);
    expect((await coreCall(stackOrangeUrl, 'GET', '/mp/paymentstatus/MP251125000000000000000000AB')).status).toBe(404);
  });

  it.each([
    ['a numeric amount', { amount: 100 }],
    ['an amount with three decimals', { amount: '1.005' }],
    ['a zero amount', { amount: '0' }],
    ['an international subscriber number', { subscriberMsisdn: '+231770000100' }],
    ['an orderId over 20 characters', { orderId: 'a'.repeat(21) }],
    ['a description over 125 characters', { description: 'x'.repeat(126) }],
    ['a notifUrl that is not http(s)', { notifUrl: 'ftp://example.org/n' }],
    ['an unknown field', { currency: 'LRD' }],
    ['no pin', { pin: undefined }],
  ])('refuses a pay body with %s (400)', async (_what, overrides) => {
    const token = await payToken('mp');
    const response = await coreCall(stackOrangeUrl, 'POST', '/mp/pay', {
      body: aPayBody(token, '770000100', overrides),
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toBeNull();
  });

  it('answers INITIATED, as Orange does, for an issued payToken not yet paid (before any prompt shows)', async () => {
    expect(await statusOf('mp', await payToken('mp'))).toBe('INITIATED');
    expect(await statusOf('cashin', await payToken('cashin'))).toBe('INITIATED');
  });
});

describe('the Orange Money simulator on the local stack: cash-in (payouts)', () => {
  it("pays into a subscriber's wallet, SUCCESSFULL after about a second, with a CI token and txnid", async () => {
    const { token, answer } = await pay('cashin', '770000100');
    expect(token).toMatch(/^CI/);
    expect(answer.status).toBe(200);
    expect(await settledStatus('cashin', token)).toBe('SUCCESSFULL');
    await eventually(
      () => notificationsFor(token),
      (n) => n.length >= 1,
    );
  });

  it('fails the decline number (a cash-in has no prompt to cancel) and refuses an MTN number with 417', async () => {
    const declined = await pay('cashin', '770000101');
    expect(await settledStatus('cashin', declined.token)).toBe('FAILED');
    expect((await pay('cashin', '550000100')).answer.status).toBe(417);
  });

  it('counts requests and tokens at its local-only stats endpoint', async () => {
    const before = (await (await fetch(`${stackOrangeUrl}/__sim/stats`)).json()) as OrangeSimulatorStats;
    await payToken('cashin');
    const after = (await (await fetch(`${stackOrangeUrl}/__sim/stats`)).json()) as OrangeSimulatorStats;
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(2);
    expect(after.tokenRequests - before.tokenRequests).toBeGreaterThanOrEqual(1);
    expect(after.transactions).toBeGreaterThan(before.transactions);
  });
});

describe('the Orange Money simulator in process', () => {
  let simulator: OrangeSimulator | undefined;
  const directories: string[] = [];
  afterEach(async () => {
    await simulator?.stop();
    simulator = undefined;
  });
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });
  const aDataFile = () => {
    const directory = mkdtempSync(join(tmpdir(), 'orange-sim-'));
    directories.push(directory);
    return join(directory, 'orange-simulator.json');
  };

  it('remembers payments across a restart, and settles one that came due while it was down (DESIGN section 8)', async () => {
    const dataFile = aDataFile();
    simulator = new OrangeSimulator({ dataFile, approveMs: 200 });
    await simulator.start();
    const paid = await pay('mp', '770000100', simulator.url);
    expect(await settledStatus('mp', paid.token, simulator.url)).toBe('SUCCESSFULL');
    const pending = await pay('mp', '770000100', simulator.url);
    await simulator.stop();

    simulator = new OrangeSimulator({ dataFile, approveMs: 200 });
    await simulator.start();
    const url = simulator.url;
    expect((await coreCall(url, 'GET', `/mp/paymentstatus/${paid.token}`)).body.data).toMatchObject({
      status: 'SUCCESSFULL',
    });
    expect(await settledStatus('mp', pending.token, url)).toBe('SUCCESSFULL');
  });

  it('expires a payToken that waited too long for its pay, and refuses to use it then', async () => {
    simulator = new OrangeSimulator({ payTokenTtlMs: 100 });
    await simulator.start();
    const url = simulator.url;
    const token = await payToken('mp', url);
    await eventually(
      () => statusOf('mp', token, url),
      (status) => status === 'EXPIRED',
    );
    expect((await coreCall(url, 'POST', '/mp/pay', { body: aPayBody(token, '770000100') })).status).toBe(417);
  });

  it('answers the next pay calls 503 on demand, taking nothing: the payToken stays INITIATED, a resend pays', async () => {
    simulator = new OrangeSimulator({ approveMs: 50 });
    await simulator.start();
    const url = simulator.url;
    const armed = await fetch(`${url}/__sim/fail-pay`, { method: 'POST', body: JSON.stringify({ count: 1 }) });
    expect(await armed.json()).toEqual({ failPay: 1 });
    const token = await payToken('mp', url);
    expect((await coreCall(url, 'POST', '/mp/pay', { body: aPayBody(token, '770000100') })).status).toBe(503);
    expect(await statusOf('mp', token, url)).toBe('INITIATED');
    expect((await coreCall(url, 'POST', '/mp/pay', { body: aPayBody(token, '770000100') })).status).toBe(200);
    expect(await settledStatus('mp', token, url)).toBe('SUCCESSFULL');
  });

  it('approves a late number (000109) only after its late delay, noting when it settled', async () => {
    simulator = new OrangeSimulator({ approveMs: 50, lateMs: 600 });
    await simulator.start();
    const sim = simulator;
    const { token } = await pay('mp', '770000109', sim.url);
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf('mp', token, sim.url)).toBe('PENDING');
    expect(await settledStatus('mp', token, sim.url)).toBe('SUCCESSFULL');
    const settled = sim.transactions().find((t) => t.payToken === token)!;
    expect(Date.parse(settled.settledAt!) - Date.parse(settled.createdAt)).toBeGreaterThanOrEqual(600);
  });

  it("holds a slow number's pay answer and still settles it", async () => {
    simulator = new OrangeSimulator({ approveMs: 50, slowMs: 300 });
    await simulator.start();
    const sim = simulator;
    const token = await payToken('mp', sim.url);
    const answered = coreCall(sim.url, 'POST', '/mp/pay', { body: aPayBody(token, '770000106') });
    await eventually(
      () => sim.transactions().find((t) => t.payToken === token)?.status,
      (status) => status === 'SUCCESSFULL',
    );
    expect((await answered).status).toBe(200);
  });
});

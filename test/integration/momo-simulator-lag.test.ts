import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { localSecrets } from '../../infra/local/local-secrets';
import { MomoSimulator, type MomoSimulatorOptions } from '../../infra/local/momo-simulator';
import { eventually } from '../support/eventually';

/**
 * The MTN simulator lags and pushes back as MTN does (DESIGN section 8: the
 * status query's 404 while MTN indexes a young reference, 429 with
 * Retry-After under load, 401 from the token endpoint once the key changed),
 * checked with plain fetch written from MTN's published API (MoMo developer
 * portal, Collection v1_0), not our adapter. A private simulator each: the
 * lags are simulator-wide.
 */
let simulators: MomoSimulator[] = [];
afterEach(async () => {
  await Promise.all(simulators.map((simulator) => simulator.stop()));
  simulators = [];
});

async function aSimulator(options: MomoSimulatorOptions = {}): Promise<MomoSimulator> {
  const simulator = new MomoSimulator({ approveMs: 50, ...options });
  await simulator.start();
  simulators.push(simulator);
  return simulator;
}

const { apiUser, apiKey, collectionSubscriptionKey } = localSecrets.momo;

async function tokenRequest(url: string): Promise<Response> {
  return fetch(`${url}/collection/token/`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
      'Ocp-Apim-Subscription-Key': collectionSubscriptionKey,
    },
  });
}

async function token(url: string): Promise<string> {
  const response = await tokenRequest(url);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const headers = (bearer: string) => ({
  Authorization: `Bearer ${bearer}`,
  'X-Target-Environment': 'mtnliberia',
  'Ocp-Apim-Subscription-Key': collectionSubscriptionKey,
});

function requestToPay(url: string, bearer: string, referenceId = randomUUID()): Promise<Response> {
  return fetch(`${url}/collection/v1_0/requesttopay`, {
    method: 'POST',
    headers: { ...headers(bearer), 'X-Reference-Id': referenceId, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      amount: '100.00',
      currency: 'LRD',
      externalId: referenceId,
      payer: { partyIdType: 'MSISDN', partyId: '231880000100' },
      payerMessage: 'Daily draw entry',
      payeeNote: 'Daily draw entry',
    }),
  });
}

const status = (url: string, bearer: string, referenceId: string) =>
  fetch(`${url}/collection/v1_0/requesttopay/${referenceId}`, { headers: headers(bearer) });

const setLag = (url: string, lag: Record<string, number>) =>
  fetch(`${url}/__sim/lag`, { method: 'POST', body: JSON.stringify(lag) });

describe('the MTN simulator lags like MTN', () => {
  it('answers 404 to the status query of a young collection reference while it indexes it, then 200', async () => {
    const simulator = await aSimulator({ lag: { indexMs: 1_000 } });
    const bearer = await token(simulator.url);
    const referenceId = randomUUID();
    expect((await requestToPay(simulator.url, bearer, referenceId)).status).toBe(202);
    const young = await status(simulator.url, bearer, referenceId);
    expect([young.status, await young.json()]).toEqual([
      404,
      { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' },
    ]);
    // a resend meanwhile: MTN holds it (409) though the status query cannot find it yet
    expect((await requestToPay(simulator.url, bearer, referenceId)).status).toBe(409);
    const found = await eventually(
      () => status(simulator.url, bearer, referenceId),
      (response) => response.status === 200,
    );
    expect(await found.json()).toMatchObject({ externalId: referenceId });
  });

  it('answers a burst over the limit 429 with Retry-After, and takes calls again in the next second', async () => {
    const simulator = await aSimulator();
    const bearer = await token(simulator.url);
    expect((await setLag(simulator.url, { burstPerSecond: 3 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestToPay(simulator.url, bearer)));
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled.length).toBeGreaterThanOrEqual(5);
    expect(throttled[0]!.headers.get('retry-after')).toBe('1');
    expect(await throttled[0]!.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const later = await eventually(
      () => requestToPay(simulator.url, bearer),
      (answer) => answer.status === 202,
      3_000,
    );
    expect(later.status).toBe(202);
  });

  it('answers the token endpoint 401 on demand, revoking the tokens it issued, until the count is used up', async () => {
    const simulator = await aSimulator();
    const bearer = await token(simulator.url);
    expect((await setLag(simulator.url, { refuseTokens: 2 })).status).toBe(200);
    // the rotated key took its tokens with it
    expect((await requestToPay(simulator.url, bearer)).status).toBe(401);
    expect((await tokenRequest(simulator.url)).status).toBe(401);
    expect((await tokenRequest(simulator.url)).status).toBe(401);
    const fresh = await token(simulator.url);
    expect((await requestToPay(simulator.url, fresh)).status).toBe(202);
    expect(await (await fetch(`${simulator.url}/__sim/lag`)).json()).toMatchObject({ tokensRefused: 2 });
  });

  it('refuses a lag setting that is not a whole number of milliseconds or calls', async () => {
    const simulator = await aSimulator();
    expect((await setLag(simulator.url, { indexMs: -1 })).status).toBe(400);
    expect((await setLag(simulator.url, { burstPerSecond: 1.5 })).status).toBe(400);
  });
});

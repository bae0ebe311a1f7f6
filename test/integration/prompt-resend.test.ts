import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrangeSimulator, type OrangeSimTransaction } from '../../infra/local/orange-simulator';
import { ProviderUnavailableError, type CollectRequest } from '../../functions/integrations/mobile-money';
import { OrangeMoneyProvider } from '../../functions/integrations/orange/orange-money';
import { orderIdOf } from '../../functions/integrations/orange/orange-wire';
import { storedPayTokens } from '../../functions/integrations/providers';
import { integrationConfig } from '../../functions/integrations/secrets';
import { getEntry, reconcileEntry } from '../../functions/modules/entries';
import { eventually } from '../support/eventually';
import { aPlayerNumber, enterHouseGame, settledState } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { backdateEntry } from '../support/stored-state';
import { aCollectRequest } from '../support/payments';

/**
 * DESIGN section 4, "Outcomes, not guesses": a prompt given up as unknown
 * (timeouts, 429, 5xx, a refused token) that the provider never received is
 * sent again under the same reference by reconciliation — MTN's 404 past its
 * index lag, Orange's payToken still INITIATED — and the player is prompted
 * and paid before the expiry; never two debits for one entry, as the
 * simulators' own records show. A stack of the file's own: its simulators
 * are told to fail, which must not reach other files' payments.
 */
let own: PrivateStack;
beforeAll(async () => {
  own = await startPrivateStack();
  process.env.PUBLIC_BASE_URL = own.stack.url;
}, 60_000);
afterAll(() => own?.stop());

const MINUTE = 60_000;

async function sim<T>(url: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(
    `${url}${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

/** What the MTN simulator holds under a reference: undefined when it never took a request. */
async function mtnHeld(entryId: string): Promise<{ status: string; posts: number } | undefined> {
  const response = await fetch(`${own.stack.momoUrl}/__sim/collection/${entryId}`);
  return response.status === 404 ? undefined : ((await response.json()) as { status: string; posts: number });
}

/** What the Orange simulator was asked to pay under a reference (by its orderId). */
async function orangePaid(entryId: string): Promise<OrangeSimTransaction[]> {
  return (
    await sim<{ transactions: OrangeSimTransaction[] }>(own.stack.orangeUrl, `/__sim/orders/${orderIdOf(entryId)}`)
  ).transactions;
}

async function enter(msisdn: string): Promise<string> {
  const response = await enterHouseGame('daily', msisdn, '100.00|LRD');
  expect(response.status).toBe(202);
  return response.body.entry_id as string;
}

/** The entry, two minutes on (its prompt's last send a minute and more ago), as reconciliation finds it. */
async function reconcileLater(entryId: string) {
  await backdateEntry(entryId, 2 * MINUTE);
  return reconcileEntry(entryId, new Date());
}

describe('MTN: a prompt that never reached MTN is sent again and paid', () => {
  it.each([429, 503, 500] as const)('resends a prompt whose every attempt was answered %i', async (status) => {
    await sim(own.stack.momoUrl, '/__sim/fail-next', { status, count: 3 });
    const entryId = await enter(await aPlayerNumber('approve'));
    // all three attempts answered (and given up as unknown): MTN holds nothing, the entry waits
    await eventually(
      () => sim<{ failNext: unknown }>(own.stack.momoUrl, '/__sim/fail-next'),
      ({ failNext }) => failNext === null,
    );
    expect(await mtnHeld(entryId)).toBeUndefined();
    expect((await getEntry(entryId))!.status).toBe('pending');

    const callbacks = async () =>
      (await sim<{ callbacks: { delivered: number; failed: number } }>(own.stack.momoUrl, '/__sim/stats')).callbacks;
    const before = await callbacks();
    expect(await reconcileLater(entryId)).toBe('resent');
    // paid by the resent prompt's own callback (its new secret is accepted), with no reconciliation
    await eventually(
      () => getEntry(entryId),
      (entry) => entry?.status === 'paid',
    );
    expect(await eventually(callbacks, (after) => after.delivered > before.delivered)).toEqual({
      delivered: before.delivered + 1,
      failed: before.failed,
    });
    // one request, one debit
    expect(await mtnHeld(entryId)).toMatchObject({ status: 'SUCCESSFUL', posts: 1 });
    expect((await getEntry(entryId))!.promptResends).toBe(1);
  }, 60_000);

  it('resends every prompt a refused token made give up together, once a token is had again', async () => {
    await sim(own.stack.momoUrl, '/__sim/lag', { refuseTokens: 1_000 });
    let entryIds: string[];
    try {
      entryIds = await Promise.all([1, 2, 3, 4].map(async () => enter(await aPlayerNumber('approve'))));
      // the prompts share their token fetches: fewer refusals than attempts, and every prompt gives up
      await eventually(
        () => sim<{ tokensRefused: number }>(own.stack.momoUrl, '/__sim/lag'),
        ({ tokensRefused }) => tokensRefused >= 3,
      );
      // every prompt has given up (the prompts consumer's batches have ended): none is still retrying when tokens return
      await own.stack.prompts.handedOverDone();
      // still refused: reconciliation cannot ask, the entries stay pending (never failed)
      expect(await Promise.all(entryIds.map((entryId) => reconcileLater(entryId)))).toEqual(
        entryIds.map(() => 'unreachable'),
      );
    } finally {
      await sim(own.stack.momoUrl, '/__sim/lag', { refuseTokens: 0 });
    }
    const outcomes = await Promise.all(entryIds.map((entryId) => reconcileLater(entryId)));
    expect(outcomes).toContain('resent');
    for (const entryId of entryIds) {
      expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
      expect(await mtnHeld(entryId)).toMatchObject({ status: 'SUCCESSFUL', posts: 1 });
    }
  }, 90_000);

  it('reads a resend MTN answers 409 (it held the reference, still indexing it) as pending: one debit', async () => {
    // MTN took the request but answers 404 for it far longer than its usual lag
    await sim(own.stack.momoUrl, '/__sim/lag', { indexMs: 10 * MINUTE });
    let entryId: string;
    try {
      entryId = await enter(await aPlayerNumber('approve'));
      await eventually(
        () => mtnHeld(entryId),
        (held) => held?.status === 'SUCCESSFUL',
      );
      expect(await reconcileLater(entryId)).toBe('pending');
      expect(await mtnHeld(entryId)).toMatchObject({ posts: 2 });
      expect((await getEntry(entryId))!).toMatchObject({ status: 'pending', promptResends: 1 });
    } finally {
      await sim(own.stack.momoUrl, '/__sim/lag', { indexMs: 0 });
    }
    expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
    expect(await mtnHeld(entryId)).toMatchObject({ status: 'SUCCESSFUL', posts: 2 });
  }, 60_000);

  it('sends nothing again in the last 2 minutes before the expiry: the expiry then decides', async () => {
    await sim(own.stack.momoUrl, '/__sim/fail-next', { status: 503, count: 3 });
    const late = await enter(await aPlayerNumber('approve'));
    await eventually(
      () => sim<{ failNext: unknown }>(own.stack.momoUrl, '/__sim/fail-next'),
      ({ failNext }) => failNext === null,
    );
    await backdateEntry(late, 13.5 * MINUTE);
    expect(await reconcileEntry(late, new Date())).toBe('pending');
    expect(await mtnHeld(late)).toBeUndefined();
    await backdateEntry(late, 16 * MINUTE);
    expect(await reconcileEntry(late, new Date())).toBe('failed');
    expect((await getEntry(late))!.reason).toBe('EXPIRED');
  }, 60_000);
});

describe('Orange: a pay that never got through is made again under the same payToken', () => {
  it('pays after the resend when every attempt of the prompt was answered 503 (payToken INITIATED)', async () => {
    await sim(own.stack.orangeUrl, '/__sim/fail-pay', { count: 3 });
    try {
      const entryId = await enter(await aPlayerNumber('approve', 'orange'));
      // each attempt pays again under the saved payToken (before the fix, only the first did)
      await eventually(
        () => sim<{ failPay: number }>(own.stack.orangeUrl, '/__sim/fail-pay'),
        ({ failPay }) => failPay === 0,
      );
      expect(await orangePaid(entryId)).toEqual([]);
      expect((await getEntry(entryId))!.status).toBe('pending');

      expect(await reconcileLater(entryId)).toBe('resent');
      expect(await settledState(entryId)).toMatchObject({ status: 'paid' });
      const paid = await orangePaid(entryId);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ status: 'SUCCESSFULL' });
    } finally {
      await sim(own.stack.orangeUrl, '/__sim/fail-pay', { count: 0 });
    }
  }, 60_000);
});

describe('Orange adapter: a second pay', () => {
  const orangeConfig = async () => (await integrationConfig()).orange!;
  const aPayment = (msisdn: string): CollectRequest =>
    aCollectRequest(msisdn, (referenceId) => ({
      externalId: referenceId,
      payerMessage: 'Daily draw entry',
      payeeNote: `Daily draw ${referenceId}`,
    }));
  const rejectionOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it('reads 417 "payToken already used" as the first pay having got through: pending, then paid', async () => {
    const orange = new OrangeMoneyProvider(await orangeConfig(), storedPayTokens, { timeoutMs: 1_000 });
    // this number's pay is answered only after 10 s: the first pay goes unanswered
    const payment = aPayment(await aPlayerNumber('slow', 'orange'));
    expect(await rejectionOf(orange.requestToPay(payment))).toBeInstanceOf(ProviderUnavailableError);
    const before = await sim<{ requests: number }>(own.stack.orangeUrl, '/__sim/stats');
    await expect(orange.requestToPay(payment)).resolves.toBeUndefined();
    // the resend did pay again (one call) and Orange answered it 417 already used
    expect((await sim<{ requests: number }>(own.stack.orangeUrl, '/__sim/stats')).requests).toBe(before.requests + 1);
    expect(['PENDING', 'SUCCESSFUL']).toContain((await orange.paymentStatus(payment.referenceId)).status);
    expect(
      await eventually(
        () => orange.paymentStatus(payment.referenceId),
        (s) => s.status !== 'PENDING',
      ),
    ).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await orangePaid(payment.referenceId)).toHaveLength(1);
  }, 30_000);

  describe('against a simulator whose payTokens expire within seconds', () => {
    let simulator: OrangeSimulator;
    afterEach(() => simulator?.stop());

    it('replaces a payToken that expired unused with a new init, and pays under that one only', async () => {
      // short enough to wait out, long enough that the new payToken's init and pay (two calls in a row) fit in it
      // on a loaded machine (200 ms did not, once)
      simulator = new OrangeSimulator({ payTokenTtlMs: 3_000, approveMs: 50 });
      await simulator.start();
      const orange = new OrangeMoneyProvider({ ...(await orangeConfig()), baseUrl: simulator.url }, storedPayTokens);
      const payment = aPayment(await aPlayerNumber('approve', 'orange'));
      await sim(simulator.url, '/__sim/fail-pay', { count: 1 });
      expect(await rejectionOf(orange.requestToPay(payment))).toBeInstanceOf(ProviderUnavailableError);
      const first = (await storedPayTokens.get('mp', payment.referenceId))!.payToken;
      // Orange answers the payToken EXPIRED: no pay can use it any more
      await eventually(
        () => orange.paymentStatus(payment.referenceId),
        (s) => s.status === 'FAILED',
      );

      await orange.requestToPay(payment);
      const second = (await storedPayTokens.get('mp', payment.referenceId))!.payToken;
      expect(second).not.toBe(first);
      expect(
        await eventually(
          () => orange.paymentStatus(payment.referenceId),
          (s) => s.status === 'SUCCESSFUL',
        ),
      ).toMatchObject({ status: 'SUCCESSFUL' });
      const paid = await sim<{ transactions: OrangeSimTransaction[] }>(
        simulator.url,
        `/__sim/orders/${orderIdOf(payment.referenceId)}`,
      );
      expect(paid.transactions.map((t) => t.payToken)).toEqual([second]);
    });
  });
});

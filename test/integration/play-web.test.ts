import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { INVALID_MOBILE_NUMBER } from '@shared/phone';
import { periodsOf } from '../../functions/platform/periods';
import { getEntry, parseTicketNumber, reconcilePayments } from '../../functions/modules/entries';
import { formatTicketNumber } from '@shared/ticket-number';
import { handler as jobs } from '../../functions/lambdas/jobs';
import { getAssignment } from '../../functions/modules/catalog';
import { readCounters } from '../../functions/modules/ledger';
import { ApiClient } from '../support/api';
import { eventually } from '../support/eventually';
import {
  aPlayerNumber,
  aUniquePlayerNumber,
  enterHouseGame,
  heldByMtnSimulator,
  orangeSimulatorTransactions,
  settledState,
  shownDetails,
  smsTo,
  waitForSimulatorStatus,
} from '../support/play';
import { backdateEntry } from '../support/stored-state';

/** A player pays and gets exactly one ticket — or, when the payment fails, none. */
describe('web entries to the house games', () => {
  it('takes a daily LRD entry from the form to a ticket and an SMS', async () => {
    const mobile = aUniquePlayerNumber();
    const before = await getAssignment('house-daily');
    const response = await enterHouseGame('daily', `0${mobile.slice(3)}`, '100.00|LRD');
    expect(response.status).toBe(202);
    expect(response.body.success).toMatch(/Approve the 100\.00 LRD payment prompt/);
    expect(response.body.entry_id).toMatch(/^[0-9a-f-]{36}$/);

    const state = await settledState(response.body.entry_id);
    expect(state.status).toBe('paid');
    expect(parseTicketNumber(state.ticket_number!)).toBe(state.ticket_number);

    const entry = await getEntry(response.body.entry_id);
    expect(entry).toMatchObject({
      status: 'paid',
      msisdn: mobile,
      amountCents: 10_000,
      currency: 'LRD',
      game: 'daily',
      windowNo: before!.windowNo,
    });
    expect(entry!.seq).toBeGreaterThan(before!.windowCount);

    const sms = await waitForSms(mobile);
    expect(sms.text).toContain(formatTicketNumber(state.ticket_number!));
    expect(sms.text.length).toBeLessThanOrEqual(160);
  });

  it('takes a jackpot USD entry and counts it in the USD counters', async () => {
    const mobile = aUniquePlayerNumber('orange');
    const day = periodsOf(new Date()).day;
    const [before] = await readCounters([{ owner: 'house-jackpot', period: 'D', value: day }]);
    const response = await enterHouseGame('jackpot', mobile, '1.00|USD');
    expect(response.status).toBe(202);
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
    const [after] = await readCounters([{ owner: 'house-jackpot', period: 'D', value: day }]);
    expect(after!.entries - before!.entries).toBeGreaterThanOrEqual(1);
    expect(after!.usdCents - before!.usdCents).toBeGreaterThanOrEqual(100);
  });

  it('never makes a ticket for a declined payment, and says why', async () => {
    const response = await enterHouseGame('daily', await aPlayerNumber('decline'), '100.00|LRD');
    const state = await settledState(response.body.entry_id);
    expect(state).toEqual({
      status: 'failed',
      reason: 'The payment was declined on the phone.',
      reason_code: 'declined',
      ...shownDetails('100.00'),
    });
    expect((await getEntry(response.body.entry_id))!.ticketNumber).toBeUndefined();
  });

  it('never makes a ticket for an expired payment', async () => {
    const response = await enterHouseGame('daily', await aPlayerNumber('expire'), '100.00|LRD');
    const state = await settledState(response.body.entry_id, 10_000);
    expect(state).toEqual({
      status: 'failed',
      reason: 'The payment prompt expired before it was approved.',
      reason_code: 'expired',
      ...shownDetails('100.00'),
    });
  });

  it('settles a paid payment whose callback never comes, through reconciliation', async () => {
    const mobile = await aPlayerNumber('silent');
    const response = await enterHouseGame('daily', mobile, '100.00|LRD');
    // the simulator approves in about a second but never calls back
    await new Promise((r) => setTimeout(r, 1500));
    expect((await getEntry(response.body.entry_id))!.status).toBe('pending');
    // the scheduled job, once the payment has been pending a minute and a bit
    await backdateEntry(response.body.entry_id, 61_000);
    const result = await reconcilePayments(new Date());
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect((await settledState(response.body.entry_id)).status).toBe('paid');
  });

  it('expires a payment still pending after 15 minutes, and only then', async () => {
    const response = await enterHouseGame('jackpot', await aPlayerNumber('stuck'), '200.00|LRD');
    // the prompt goes out beside the answer (DESIGN section 8): once the provider holds it, it is pending there
    await waitForSimulatorStatus(response.body.entry_id, 'PENDING');
    await backdateEntry(response.body.entry_id, 5 * 60_000);
    await reconcilePayments(new Date());
    expect((await getEntry(response.body.entry_id))!.status).toBe('pending');
    await backdateEntry(response.body.entry_id, 16 * 60_000);
    await reconcilePayments(new Date());
    expect(await settledState(response.body.entry_id)).toEqual({
      status: 'failed',
      reason: 'The payment prompt expired before it was approved.',
      reason_code: 'expired',
      ...shownDetails('200.00'),
    });
  });

  it('runs reconciliation through the jobs handler the scheduler invokes', async () => {
    const result = await jobs({ job: 'reconcile-payments' });
    expect(result).toHaveProperty('backlog');
    await expect(jobs({ job: 'no-such-job' })).rejects.toThrow(/unknown job/);
  });

  it('allows at most 3 payment requests per number per 10 minutes', async () => {
    const mobile = aUniquePlayerNumber();
    const responses = [];
    for (let i = 0; i < 4; i += 1) responses.push(await enterHouseGame('daily', mobile, '100.00|LRD'));
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 429]);
    expect(responses[3]!.body.error).toMatch(/Too many payment requests for this number/);
  });

  it('serves only the entry status to whoever holds the entry id', async () => {
    const response = await enterHouseGame('daily', aUniquePlayerNumber(), '100.00|LRD');
    const state = await settledState(response.body.entry_id);
    // what the page shows beside the ticket, the number only masked (test/integration/entry-status.test.ts)
    expect(Object.keys(state).sort()).toEqual([
      'amount',
      'currency',
      'expires_at',
      'masked_mobile_number',
      'status',
      'ticket_number',
    ]);
    expect(state).toMatchObject(shownDetails('100.00'));
    expect((await new ApiClient().request('GET', '/api/v1/entries/not-a-uuid')).status).toBe(404);
    expect((await new ApiClient().request('GET', '/api/v1/entries/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});

/** DESIGN section 8: an Orange number pays through Orange Money's Core API, never through MTN. */
describe('web entries from Orange numbers', () => {
  it('pays through the Orange simulator, whose notification settles the entry into a ticket and an SMS', async () => {
    const mobile = aUniquePlayerNumber('orange');
    const response = await enterHouseGame('daily', `0${mobile.slice(3)}`, '100.00|LRD');
    expect(response.status, response.text).toBe(202);
    const entryId = response.body.entry_id as string;

    // scheduled reconciliation is off in tests: only Orange's notification to our webhook can settle it
    const state = await settledState(entryId);
    expect(state.status).toBe('paid');
    const [paid] = await orangeSimulatorTransactions(entryId);
    expect(paid).toMatchObject({ status: 'SUCCESSFULL' });
    expect(paid!.request.notifUrl).toContain(`/api/v1/webhooks/orange/${entryId}/`);
    expect(await heldByMtnSimulator('collection', entryId)).toBe(false);
    const sms = await eventually(
      () => smsTo(mobile),
      (messages) => messages.length > 0,
    );
    expect(sms[0]!.text).toContain(formatTicketNumber(state.ticket_number!));
  });

  it('makes no ticket when the subscriber refuses the Orange prompt, and says why', async () => {
    const response = await enterHouseGame('daily', await aPlayerNumber('decline', 'orange'), '100.00|LRD');
    expect(await settledState(response.body.entry_id)).toEqual({
      status: 'failed',
      reason: 'The payment was declined on the phone.',
      reason_code: 'declined',
      ...shownDetails('100.00'),
    });
  });

  it('settles a silent Orange payment through reconciliation, and refuses a notification with a wrong secret', async () => {
    const response = await enterHouseGame('daily', await aPlayerNumber('silent', 'orange'), '100.00|LRD');
    const entryId = response.body.entry_id as string;
    await eventually(
      () => orangeSimulatorTransactions(entryId),
      ([held]) => held?.status === 'SUCCESSFULL',
    );
    const forged = await fetch(`${new ApiClient().baseUrl}/api/v1/webhooks/orange/${entryId}/${'A'.repeat(32)}`, {
      method: 'POST',
      body: '{"data":{"status":"SUCCESSFULL"}}',
    });
    expect(forged.status).toBe(404);
    expect((await getEntry(entryId))!.status).toBe('pending');
    await backdateEntry(entryId, 61_000);
    await reconcilePayments(new Date());
    expect((await settledState(entryId)).status).toBe('paid');
  });
});

describe('bad entry input → 400 with {error}, never 500', () => {
  const post = (body: unknown, path: string = routes.dailyDrawEntry.path) =>
    new ApiClient().request('POST', path, body);

  it.each([
    [{}],
    [{ mobile_number: '0777123456' }],
    [{ amount: '100.00|LRD' }],
    [{ mobile_number: ' ', amount: '100.00|LRD' }],
  ])('missing fields %j → the spec message', async (body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.fillOutAllFields);
  });

  it.each([
    '12345',
    '0667123456',
    '+1 555 0100',
    '0777-12345-67',
    'x'.repeat(40),
  ])('malformed number %s', async (mobile) => {
    const response = await post({ mobile_number: mobile, amount: '100.00|LRD' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(INVALID_MOBILE_NUMBER);
  });

  it.each([
    '99.00|LRD',
    '-100.00|LRD',
    '100.00|EUR',
    '1000000000000.00|LRD',
    '100.00',
    'LRD|100.00',
    '200.00|LRD',
  ])('an amount not offered: %s', async (amount) => {
    const response = await post({ mobile_number: aUniquePlayerNumber(), amount });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Choose one of the listed amounts.');
  });

  it('wrong types', async () => {
    expect((await post({ mobile_number: 777123456, amount: 100 })).status).toBe(400);
    expect((await post([1, 2, 3])).status).toBe(400);
  });

  it('an unknown code or currency for a partner entry', async () => {
    const unknown = await post(
      { mobile_number: aUniquePlayerNumber(), shared_code: '00000', currency: 'LRD' },
      routes.codeEntry.path,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('We do not know that promo code. Check it and try again.');
    const notDigits = await post(
      { mobile_number: aUniquePlayerNumber(), shared_code: '<script>', currency: 'LRD' },
      routes.codeEntry.path,
    );
    expect(notDigits.status).toBe(400);
    const currency = await post(
      { mobile_number: aUniquePlayerNumber(), shared_code: '12345', currency: 'EUR' },
      routes.codeEntry.path,
    );
    expect(currency.status).toBe(400);
  });

  it('an unknown game is an unknown route (404 {error})', async () => {
    const response = await post({ mobile_number: aUniquePlayerNumber(), amount: '100.00|LRD' }, '/api/v1/lotto/entry');
    expect(response.status).toBe(404);
    expect(response.body.error).toBeTypeOf('string');
  });
});

async function waitForSms(msisdn: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [latest] = await smsTo(msisdn);
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`no SMS to ${msisdn}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

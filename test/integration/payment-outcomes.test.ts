import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSecrets } from '../../infra/local/local-secrets';
import {
  confirmPayment,
  dueRechecks,
  type Entry,
  failEntry,
  getEntry,
  putPendingEntry,
  recheckUnpaid,
  reconcileEntry,
} from '../../functions/modules/entries';
import { getPayout, refundPayoutId } from '../../functions/modules/payouts';
import { getSms, smsIdOf } from '../../functions/modules/messages';
import { gameLedgerLinesBetween } from '../../functions/modules/ledger';
import { savePayToken } from '../../functions/integrations/orange/store/pay-tokens';
import { eventually } from '../support/eventually';
import {
  aPlayerNumber,
  enterHouseGame,
  settledState,
  simulatorTransaction,
  smsTo,
  waitForSimulatorStatus,
} from '../support/play';
import { backdateEntry } from '../support/stored-state';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { setAssignment } from '../support/stored-state';

/**
 * DESIGN section 4, "Every debit ends in exactly one outcome": a provider's
 * "not found" for a young reference, a refused token, an unknown status word
 * or an unreachable provider mean unknown — the entry stays pending, and
 * fails only on the provider's own final word or at the 15-minute expiry.
 * A stack of the file's own: its simulators are told to lag and refuse
 * tokens, which must not reach other files' payments.
 */
let own: PrivateStack;
beforeAll(async () => {
  own = await startPrivateStack();
  // this worker's callback URLs (confirmPayment, reconciliation) name the private gateway
  process.env.PUBLIC_BASE_URL = own.stack.url;
}, 60_000);
afterAll(() => own?.stop());

const momoLag = async (lag: Record<string, number>) => {
  const response = await fetch(`${own.stack.momoUrl}/__sim/lag`, { method: 'POST', body: JSON.stringify(lag) });
  expect(response.status).toBe(200);
  return (await response.json()) as { tokensRefused: number; throttled: number };
};

describe('a young reference MTN still indexes is unknown, never failed', () => {
  it('keeps an entry pending when a timed-out request to pay is resent, answered 409, and its status 404; it pays when the player approves', async () => {
    // the simulator answers this number's request to pay after 10 s (past each attempt's timeout) and, until then,
    // its status query 404, as MTN indexing the first call; the resend is answered 409 meanwhile
    const response = await enterHouseGame('daily', await aPlayerNumber('slow'), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    const state = await settledState(entryId, 40_000);
    expect(state).toMatchObject({ status: 'paid' });
    expect((await getEntry(entryId))!.reason).toBeUndefined();
    // one payment, resent under its reference: MTN holds one transaction that saw more than one POST
    const held = await simulatorTransaction(entryId);
    expect(held.status).toBe('SUCCESSFUL');
    expect(held.posts).toBeGreaterThan(1);
  }, 60_000);

  it('keeps a payment pending while its status query answers 404, and settles it once MTN finds it', async () => {
    await momoLag({ indexMs: 4_000 });
    try {
      const response = await enterHouseGame('daily', await aPlayerNumber('silent'), '100.00|LRD');
      const entryId = response.body.entry_id as string;
      await eventually(
        () => fetch(`${own.stack.momoUrl}/__sim/collection/${entryId}`).then((r) => r.status),
        (status) => status === 200,
      );
      // a callback (or reconciliation) asking while MTN still indexes the reference
      expect(await confirmPayment(entryId, new Date())).toBe('pending');
      expect((await getEntry(entryId))!.status).toBe('pending');
      await waitForSimulatorStatus(entryId, 'SUCCESSFUL');
      expect(
        await eventually(
          () => confirmPayment(entryId, new Date()),
          (outcome) => outcome !== 'pending',
          10_000,
        ),
      ).toBe('settled');
    } finally {
      await momoLag({ indexMs: 0 });
    }
  }, 30_000);
});

describe('a refused token is unknown, never a refusal of the payment', () => {
  it('keeps an entry pending when the token endpoint answers 401 to every attempt of its prompt; expiry then decides', async () => {
    await momoLag({ refuseTokens: 1_000 });
    let entryId: string;
    try {
      const response = await enterHouseGame('daily', await aPlayerNumber('approve'), '100.00|LRD');
      entryId = response.body.entry_id as string;
      // every attempt of the prompt asks for a token and is refused (or, before the fix, the first failed the entry)
      await eventually(
        async () => ({ lag: await momoLag({}), entry: await getEntry(entryId) }),
        ({ lag, entry }) => lag.tokensRefused >= 3 || entry?.status !== 'pending',
        20_000,
      );
      expect((await getEntry(entryId))!.status).toBe('pending');
      // while the token is still refused, reconciliation asks: unknown, the entry stays pending
      await backdateEntry(entryId, 5 * 60_000);
      expect(await reconcileEntry(entryId, new Date())).toBe('unreachable');
    } finally {
      await momoLag({ refuseTokens: 0 });
    }
    // the credentials work again: MTN holds nothing under the reference (404), so the prompt is sent again
    // (test/integration/prompt-resend.test.ts); within the expiry's last 2 minutes only the expiry ends it
    await backdateEntry(entryId, 14 * 60_000);
    expect(await reconcileEntry(entryId, new Date())).toBe('pending');
    await backdateEntry(entryId, 16 * 60_000);
    expect(await reconcileEntry(entryId, new Date())).toBe('failed');
    expect((await getEntry(entryId))!.reason).toBe('EXPIRED');
  }, 60_000);
});

describe('the 15-minute expiry holds whatever the provider answers', () => {
  /** A pending entry of `msisdn`, `ageMs` old, whose prompt was already claimed (so the stream sends none). */
  async function aClaimedPendingEntry(msisdn: string, ageMs: number): Promise<Entry> {
    const entry: Entry = {
      id: randomUUID(),
      assignmentId: 'house-daily',
      promotionId: 'house-daily',
      partnerId: 'house',
      game: 'daily',
      msisdn,
      currency: 'LRD',
      amountCents: 10_000,
      rateMilli: 200_000,
      channel: 'web',
      status: 'pending',
      callbackSecretHash: 'x',
      promptSentAt: new Date().toISOString(),
      createdAt: new Date(Date.now() - ageMs).toISOString(),
    };
    await putPendingEntry(entry);
    return entry;
  }

  it('fails an Orange payment still INITIATED past 15 minutes as expired, and keeps it pending before', async () => {
    const entry = await aClaimedPendingEntry(await aPlayerNumber('approve', 'orange'), 5 * 60_000);
    // Orange issued a payToken (init) and no `pay` used it: Orange answers INITIATED, before any prompt shows
    const { clientId, clientSecret, apiUsername, apiPassword } = localSecrets.orange;
    const token = (await (
      await fetch(`${own.stack.orangeUrl}/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const init = (await (
      await fetch(`${own.stack.orangeUrl}/omcoreapis/1.0.2/mp/init`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.access_token}`,
          'X-AUTH-TOKEN': Buffer.from(`${apiUsername}:${apiPassword}`).toString('base64'),
        },
      })
    ).json()) as { data: { payToken: string } };
    await savePayToken('mp', entry.id, {
      payToken: init.data.payToken,
      msisdn: entry.msisdn,
      amountCents: entry.amountCents,
      currency: entry.currency,
      createdAt: new Date().toISOString(),
    });

    expect(await reconcileEntry(entry.id, new Date())).toBe('pending');
    await backdateEntry(entry.id, 16 * 60_000);
    expect(await reconcileEntry(entry.id, new Date())).toBe('failed');
    expect((await getEntry(entry.id))!).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
  });

  it('fails a payment past 15 minutes as expired while the provider answers only 5xx', async () => {
    const entry = await aClaimedPendingEntry(await aPlayerNumber('stuck'), 16 * 60_000);
    const failNext = await fetch(`${own.stack.momoUrl}/__sim/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ status: 503, count: 1 }),
    });
    expect(failNext.status).toBe(200);
    expect(await reconcileEntry(entry.id, new Date())).toBe('failed');
    expect((await getEntry(entry.id))!).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
  });
});

describe('a late success is never lost', () => {
  /** An entry the product failed (as a refused prompt or an early expiry did) that MTN then reports SUCCESSFUL. */
  async function aFailedEntryPaidLate(game: 'daily' | 'jackpot', mobile: string): Promise<string> {
    // this number approves without calling back: the product learns of it only by asking
    const response = await enterHouseGame(game, mobile, game === 'daily' ? '100.00|LRD' : '200.00|LRD');
    const entryId = response.body.entry_id as string;
    await waitForSimulatorStatus(entryId, 'SUCCESSFUL');
    expect(await failEntry(entryId, 'REQUEST_REJECTED', new Date())).toBe(true);
    return entryId;
  }

  it('makes a success reported after the entry failed a ticket while its draw is open, told by the ticket SMS', async () => {
    const mobile = await aPlayerNumber('silent');
    const entryId = await aFailedEntryPaidLate('daily', mobile);
    // a late callback (or reconciliation) asks about the failed entry
    expect(await confirmPayment(entryId, new Date())).toBe('settled');
    const entry = (await getEntry(entryId))!;
    expect(entry).toMatchObject({ status: 'paid', lateReason: 'REQUEST_REJECTED', lateSuccessAt: expect.any(String) });
    expect(entry.ticketNumber).toBeDefined();
    expect((await smsTo(mobile)).length).toBeGreaterThan(0);
    // once: asked again, nothing more happens
    expect(await confirmPayment(entryId, new Date())).toBe('unchanged');
  }, 30_000);

  it('refunds a success reported after the entry failed once its draw is closed, with its ledger lines and an SMS', async () => {
    const mobile = await aPlayerNumber('silent');
    const entryId = await aFailedEntryPaidLate('jackpot', mobile);
    const setStatus = (status: string) => setAssignment('house-jackpot', { status });
    // the game's draw no longer takes tickets (this stack's own house jackpot)
    await setStatus('ended');
    try {
      expect(await confirmPayment(entryId, new Date())).toBe('refunded');
    } finally {
      await setStatus('active');
    }
    const entry = (await getEntry(entryId))!;
    expect(entry).toMatchObject({ status: 'failed', refundPayoutId: refundPayoutId(entryId) });
    // the stake booked taken and given back, in the refund's transaction: gross gaming revenue nets to zero
    const lines = (
      await gameLedgerLinesBetween(new Date(Date.now() - 60_000).toISOString(), new Date().toISOString())
    ).filter((line) => line.ref === entryId);
    expect(lines.map((line) => [line.kind, line.amountCents]).sort()).toEqual([
      ['stake', 20_000],
      ['stake-refunded', -20_000],
    ]);
    expect(entry.ticketNumber).toBeUndefined();
    expect(await getPayout(refundPayoutId(entryId))).toMatchObject({
      kind: 'refund',
      amountCents: 20_000,
      currency: 'LRD',
      msisdn: mobile,
    });
    expect((await getSms(smsIdOf('late-refund', entryId)))!.text).toMatch(
      /200\.00 LRD payment for Jackpot .* returned/,
    );
    // once, however often it is asked
    expect(await confirmPayment(entryId, new Date())).toBe('unchanged');
  }, 30_000);
});

describe('reconciliation sweeps the failed entries of the last 48 hours', () => {
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);

  it('finds a debit failed too early with no callback and makes it a ticket; asks a declined one again later, for 48 hours', async () => {
    const paidLate = await aPlayerNumber('silent');
    const response = await enterHouseGame('daily', paidLate, '100.00|LRD');
    const lateId = response.body.entry_id as string;
    await waitForSimulatorStatus(lateId, 'SUCCESSFUL');
    expect(await failEntry(lateId, 'EXPIRED', new Date())).toBe(true);
    // MTN declines this one: the product learns it by callback, and it fails for real
    const declined = await enterHouseGame('daily', await aPlayerNumber('decline'), '100.00|LRD');
    const declinedId = declined.body.entry_id as string;
    expect(await settledState(declinedId)).toMatchObject({ status: 'failed' });

    // not due yet: nothing is asked in the first minutes after failing
    expect(await dueRechecks(minutes(1), 1_000)).not.toContain(lateId);
    const run = await recheckUnpaid(minutes(6));
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect((await getEntry(lateId))!).toMatchObject({ status: 'paid', lateReason: 'EXPIRED' });
    expect((await smsTo(paidLate)).length).toBeGreaterThan(0);
    // the declined one was asked, is still failed, and is due again later, not at once
    expect((await getEntry(declinedId))!).toMatchObject({ status: 'failed', rechecks: 1 });
    expect(await dueRechecks(minutes(7), 1_000)).not.toContain(declinedId);
    expect(await dueRechecks(minutes(30), 1_000)).toContain(declinedId);
    // past 48 hours it leaves the sweep for good
    expect((await recheckUnpaid(minutes(49 * 60)))['aged-out']).toBeGreaterThanOrEqual(1);
    expect(await dueRechecks(minutes(100 * 60), 1_000)).not.toContain(declinedId);
  }, 60_000);
});

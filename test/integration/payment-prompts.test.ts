import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { formatTicketNumber } from '@shared/ticket-number';
import { handler as prompts } from '../../functions/lambdas/prompts';
import { getSms, smsIdOf } from '../../functions/modules/messages';
import { getEntry } from '../../functions/modules/entries';
import { eventually } from '../support/eventually';
import {
  aPlayerNumber,
  enterHouseGame,
  orangeSimulatorTransactions,
  settledState,
  shownDetails,
  simulatorTransaction,
  smsTo,
} from '../support/play';
import { aSettledEntryNobodyMoves, entryInsertRecord } from '../support/stored-state';
import { observeLocalRequests } from '../../functions/platform/local-requests';

/**
 * DESIGN section 8, "Time budgets": an entry is stored and answered at once
 * (202, pending); its payment prompt goes out beside the request, from the
 * entry's stream record, once per entry, retried while the provider fails in
 * a way that may pass.
 */
describe('payment prompts leave the request path', () => {
  it('answers a web entry 202 while the provider has not yet answered its request to pay, then pays and sends the ticket SMS', async () => {
    // the simulator answers this number's request to pay only after 10 s (approving it after ~1 s):
    // an answer that waited for the provider could not be a 202 now
    const mobile = await aPlayerNumber('slow');
    const response = await enterHouseGame('daily', mobile, '100.00|LRD');
    expect(response.status, response.text).toBe(202);
    expect(response.body).toMatchObject({ status: 'pending', entry_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(response.body.success).toMatch(/Approve the 100\.00 LRD payment prompt/);
    const entryId = response.body.entry_id as string;

    const state = await settledState(entryId, 20_000);
    expect(state.status).toBe('paid');
    const sms = await eventually(
      () => smsTo(mobile),
      (all) => all.some((m) => m.text.includes(formatTicketNumber(state.ticket_number!))),
    );
    expect(sms.length).toBeGreaterThan(0);
    // one prompt: the resend after the timeout was the same request (MTN answered it 409), not a second payment
    expect(await simulatorTransaction(entryId)).toMatchObject({ status: 'SUCCESSFUL' });
    // the callback secret left the entry with the prompt; its hash stays for the callback's check
    const entry = await getEntry(entryId);
    expect(entry!.callbackSecret).toBeUndefined();
    expect(entry!.promptSentAt).toBeDefined();
  });

  it('sends one prompt for one entry however many times its stream record is delivered at once', async () => {
    const response = await enterHouseGame('daily', await aPlayerNumber('approve'), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    // the stored item as its INSERT record carries it; delivered twice more, at once, beside the stack's own delivery
    const record = await entryInsertRecord(entryId);
    const answers = await Promise.all([prompts({ Records: [record] }), prompts({ Records: [record] })]);
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);

    expect((await settledState(entryId)).status).toBe('paid');
    // every request to pay under the entry's reference reached the simulator: exactly one
    expect(await simulatorTransaction(entryId)).toMatchObject({ status: 'SUCCESSFUL', posts: 1 });
  });

  it("takes none of a provider's prompt rate for entries stored paid (a fixture's, a migration's): only owed prompts count", async () => {
    const records = await Promise.all(
      Array.from({ length: 3 }, async () => entryInsertRecord(await aSettledEntryNobodyMoves())),
    );
    const written: string[] = [];
    observeLocalRequests(({ operation, input }) => {
      const pk = (input.Key as { pk?: string } | undefined)?.pk;
      if (operation === 'UpdateItem' && pk?.startsWith('RATE#')) written.push(pk);
    });
    try {
      expect(await prompts({ Records: records })).toEqual({ batchItemFailures: [] });
    } finally {
      observeLocalRequests(undefined);
    }
    expect(written).toEqual([]);
  });

  it('asks again after a provider 5xx, and the entry then pays', async () => {
    // MTN answers this number's first request to pay 503 and holds nothing; only a resend can make the payment
    const response = await enterHouseGame('daily', await aPlayerNumber('flaky'), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    expect((await settledState(entryId, 15_000)).status).toBe('paid');
    expect(await simulatorTransaction(entryId)).toMatchObject({ status: 'SUCCESSFUL', posts: 1 });
  });

  it("fails the entry with the player's text when the provider refuses the prompt outright", async () => {
    // Orange refuses a number with no Orange Money wallet at `pay` (417 "Subscriber not found"): the player is told that
    const response = await enterHouseGame('daily', await aPlayerNumber('unregistered', 'orange'), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    expect(await settledState(entryId)).toEqual({
      status: 'failed',
      reason: messages.entry.failure['no-wallet'],
      reason_code: 'no-wallet',
      ...shownDetails('100.00'),
    });
    const [refused] = await orangeSimulatorTransactions(entryId);
    expect(refused).toMatchObject({ status: 'FAILED' });
    expect((await getEntry(entryId))!.ticketNumber).toBeUndefined();
    // the web page shows the refusal; only a USSD player, whose session is over, is sent an SMS (test/integration/ussd.test.ts)
    expect(await getSms(smsIdOf('prompt-refused', entryId))).toBeUndefined();
  });
});

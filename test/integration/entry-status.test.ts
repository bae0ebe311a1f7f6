import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { getEntry } from '../../functions/modules/entries';
import { aPlayerNumber, enterHouseGame, settledState, shownDetails, waitForSimulatorStatus } from '../support/play';
import { stackBaseUrl } from '../support/stack-target';

/**
 * The status answer the entry page follows (issue 31: the page shows what to
 * approve on which number, and for how long): the prompt's expiry, the amount
 * and the number masked — never the number itself — and a wallet-less number
 * told so on both networks.
 */
describe("an entry's status answer", () => {
  it('carries the expiry the server enforces, the amount and the masked number, never the full number', async () => {
    const mobile = await aPlayerNumber('stuck');
    const response = await enterHouseGame('jackpot', `0${mobile.slice(3)}`, '200.00|LRD');
    const entryId = response.body.entry_id as string;
    await waitForSimulatorStatus(entryId, 'PENDING');

    const answer = await fetch(`${stackBaseUrl()}/api/v1/entries/${entryId}`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toEqual({ status: 'pending', ...shownDetails('200.00') });
    // the first four and last two digits, as every public output masks a number (DESIGN section 7)
    expect(body.masked_mobile_number).toBe(`${mobile.slice(0, 4)}******${mobile.slice(-2)}`);
    // 15 minutes after the entry was taken: when reconciliation gives the payment up (confirm-payment.ts)
    const entry = await getEntry(entryId);
    expect(Date.parse(body.expires_at as string) - Date.parse(entry!.createdAt)).toBe(15 * 60_000);
    for (const form of [mobile, mobile.slice(3), `0${mobile.slice(3)}`, mobile.slice(-7)]) {
      expect(text).not.toContain(form);
    }
  });

  it.each([
    'lonestar',
    'orange',
  ] as const)('says a %s number with no mobile money wallet has no account (no-wallet), not that the payment failed', async (network) => {
    // MTN fails the request to pay PAYER_NOT_FOUND; Orange refuses `pay` outright with 417 "60019 :: Subscriber not found"
    const response = await enterHouseGame('daily', await aPlayerNumber('unregistered', network), '100.00|LRD');
    expect(response.status).toBe(202);
    const entryId = response.body.entry_id as string;
    expect(await settledState(entryId)).toEqual({
      status: 'failed',
      reason: messages.entry.failure['no-wallet'],
      reason_code: 'no-wallet',
      ...shownDetails('100.00'),
    });
    expect((await getEntry(entryId))!.reason).toBe('PAYER_NOT_FOUND');
  });
});

import { describe, expect, it } from 'vitest';
import { payTokenState } from '../../functions/integrations/orange/orange-wire';
import type { Entry } from '../../functions/modules/entries';
import { resendDue, unprompted } from '../../functions/modules/entries/prompt-resend';

const MINUTE = 60_000;
const now = new Date('2026-11-29T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

/** A pending entry `ageMs` old whose prompt went out at its creation. */
function pending(ageMs: number, changes: Partial<Entry> = {}): Entry {
  return {
    id: 'e',
    assignmentId: 'a',
    promotionId: 'p',
    partnerId: 'house',
    game: 'daily',
    msisdn: '231880000000',
    currency: 'LRD',
    amountCents: 10_000,
    rateMilli: 200_000,
    channel: 'web',
    status: 'pending',
    callbackSecretHash: 'h',
    createdAt: ago(ageMs),
    promptSentAt: ago(ageMs),
    ...changes,
  };
}

describe('when a prompt the provider never got is sent again (DESIGN section 4)', () => {
  it('waits a minute after the send (MTN indexes a young reference), then 2 and 4 minutes after each resend', () => {
    expect(resendDue(pending(50_000), now)).toBe(false);
    expect(resendDue(pending(MINUTE), now)).toBe(true);
    const resent = (count: number, sinceMs: number) =>
      pending(10 * MINUTE, { promptResends: count, promptResentAt: ago(sinceMs) });
    expect(resendDue(resent(1, 119_000), now)).toBe(false);
    expect(resendDue(resent(1, 2 * MINUTE), now)).toBe(true);
    expect(resendDue(resent(2, 4 * MINUTE - 1_000), now)).toBe(false);
    expect(resendDue(resent(2, 4 * MINUTE), now)).toBe(true);
  });

  it('stops after 3 resends, in the last 2 minutes of the 15-minute expiry, and for an entry no longer waiting', () => {
    expect(resendDue(pending(5 * MINUTE, { promptResends: 3, promptResentAt: ago(5 * MINUTE) }), now)).toBe(false);
    expect(resendDue(pending(13 * MINUTE - 1_000), now)).toBe(true);
    expect(resendDue(pending(13 * MINUTE), now)).toBe(false);
    expect(resendDue(pending(5 * MINUTE, { confirmedAt: ago(1_000) }), now)).toBe(false);
    expect(resendDue(pending(5 * MINUTE, { status: 'failed' }), now)).toBe(false);
    // never claimed: the stream's prompt is still to come
    expect(resendDue(pending(5 * MINUTE, { promptSentAt: undefined }), now)).toBe(false);
  });

  it("reads MTN's or Orange's NOT_FOUND and Orange's INITIATED as never prompted, nothing else", () => {
    expect(unprompted({ status: 'FAILED', reason: 'NOT_FOUND' })).toBe(true);
    expect(unprompted({ status: 'PENDING', reason: 'NOT_PROMPTED' })).toBe(true);
    expect(unprompted({ status: 'PENDING' })).toBe(false);
    expect(unprompted({ status: 'FAILED', reason: 'EXPIRED' })).toBe(false);
    expect(unprompted({ status: 'SUCCESSFUL' })).toBe(false);
  });

  it("reads Orange's 417 to a second pay: already used is pending, expired or unknown payToken needs a new init", () => {
    expect(payTokenState({ message: '60012 :: payToken already used', data: {} })).toBe('used');
    expect(payTokenState({ message: '60013 :: payToken expired', data: {} })).toBe('unusable');
    expect(payTokenState({ message: '60011 :: Invalid payToken', data: null })).toBe('unusable');
    expect(payTokenState({ message: '60019 :: Subscriber not found', data: {} })).toBeUndefined();
    expect(payTokenState('<html/>')).toBeUndefined();
  });
});

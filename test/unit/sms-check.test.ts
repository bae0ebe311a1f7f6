import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { myTicketsMessages } from '@shared/my-tickets';
import { isOneGsm7Sms, withCheckCode } from '../../functions/integrations/sms/gsm7';
import { checkCodeOf, maskedSmsText } from '../../functions/modules/messages/sms-check';

describe('an SMS as "Check an SMS" shows it (DESIGN section 8)', () => {
  it('stars ticket and phone numbers but their last two digits, and keeps amounts, days and times', () => {
    expect(
      maskedSmsText({
        purpose: 'winner',
        text: 'Congratulations! Ticket 6741-5745-9946-86 won 10,000.00 LRD in the Daily Cash Giveaway draw on Nov 28, 2026 21:00 GMT. Call 231886123456.',
      }),
    ).toBe(
      'Congratulations! Ticket ****-****-****-86 won 10,000.00 LRD in the Daily Cash Giveaway draw on Nov 28, 2026 21:00 GMT. Call **********56.',
    );
  });

  it('leaves every fixed SMS text (not cut to fit by oneSms) one SMS with its check code, at its longest', () => {
    const { responsiblePlay } = messages;
    for (const text of [
      myTicketsMessages.codeSms('999999'),
      responsiblePlay.overDailyLimit('1,000,000.00', '1,000,000.00'),
      responsiblePlay.excludedUntil('Sep 30, 2026'),
      responsiblePlay.excludedForGood,
    ])
      expect(isOneGsm7Sms(withCheckCode(text, '12345678')), text).toBe(true);
  });

  it('keeps no digit of a one-time code', () => {
    expect(maskedSmsText({ purpose: 'access-code', text: 'Raffle Liberia: your My tickets code is 482913.' })).toBe(
      'Raffle Liberia: your My tickets code is ******.',
    );
  });

  it("uses an SMS's own code, and for one owed before codes were, the same derived one every time", () => {
    expect(checkCodeOf({ id: 'ticket-a', checkCode: '01234567' })).toBe('01234567');
    const derived = checkCodeOf({ id: 'ticket-a' });
    expect(derived).toMatch(/^\d{8}$/);
    expect(checkCodeOf({ id: 'ticket-a' })).toBe(derived);
    expect(checkCodeOf({ id: 'ticket-b' })).not.toBe(derived);
  });
});

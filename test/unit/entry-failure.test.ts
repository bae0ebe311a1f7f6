import { describe, expect, it } from 'vitest';
import { refusalReason } from '../../functions/integrations/orange/orange-wire';
import { failedEntrySmsText } from '../../functions/modules/entries/entry-failed-sms';
import { failureOf, refusalReasonOf } from '../../functions/modules/entries/entry-failure';
import { messages } from '@shared/messages';
import { ussdMessages } from '@shared/ussd';

/**
 * One mapping from a provider's reason to what the player is told (issue 31):
 * the web status answer's code and the USSD final SMS agree, and a number
 * with no wallet is told so on both networks.
 */
describe('why an entry failed, as players are told', () => {
  it.each([
    ['PAYER_NOT_FOUND', 'no-wallet'],
    ['REQUEST_REJECTED', 'refused'],
    ['APPROVAL_REJECTED', 'declined'],
    ['REJECTED', 'declined'],
    ['EXPIRED', 'expired'],
    ['NOT_ENOUGH_FUNDS', 'not-enough-funds'],
    ['INTERNAL_PROCESSING_ERROR', 'failed'],
    [undefined, 'failed'],
  ] as const)('%s → %s', (reason, code) => {
    expect(failureOf(reason)).toBe(code);
  });

  it('gives the USSD SMS by the same codes', () => {
    expect(failedEntrySmsText('PAYER_NOT_FOUND')).toBe(messages.ussdEntryFailedSms.noWallet);
    expect(failedEntrySmsText('EXPIRED')).toBe(messages.ussdEntryFailedSms.expired);
    expect(failedEntrySmsText(refusalReasonOf(undefined))).toBe(ussdMessages.promptRefusedSms);
    expect(failedEntrySmsText('APPROVAL_REJECTED')).toBe(messages.ussdEntryFailedSms.failed);
  });

  it('keeps a refusal as refused unless the provider said the number has no wallet', () => {
    expect(failureOf(refusalReasonOf('PAYER_NOT_FOUND'))).toBe('no-wallet');
    expect(failureOf(refusalReasonOf('INVALID_CURRENCY'))).toBe('refused');
    expect(failureOf(refusalReasonOf(undefined))).toBe('refused');
  });

  it("reads Orange's 417 for an unknown subscriber as no wallet, and no other refusal", () => {
    const refused = (code: string, message: string) => ({
      message: `${code} :: ${message}`,
      data: { status: 'FAILED', inittxnstatus: code, inittxnmessage: message },
    });
    expect(refusalReason(refused('60019', 'Subscriber not found'), 'mp')).toBe('PAYER_NOT_FOUND');
    expect(refusalReason(refused('60019', 'Subscriber not found'), 'cashin')).toBe('PAYEE_NOT_FOUND');
    expect(refusalReason({ message: '60019 :: Subscriber not found', data: null }, 'mp')).toBe('PAYER_NOT_FOUND');
    expect(refusalReason(refused('60014', 'Invalid channel user PIN'), 'mp')).toBeUndefined();
    expect(refusalReason(null, 'mp')).toBeUndefined();
    expect(refusalReason('not json', 'mp')).toBeUndefined();
  });
});

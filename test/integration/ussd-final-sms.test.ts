import { describe, expect, it } from 'vitest';
import { houseGame } from '@shared/games';
import { messages } from '@shared/messages';
import { isOneGsm7Sms } from '../../functions/integrations/sms/gsm7';
import { getSms, smsIdOf } from '../../functions/modules/messages';
import { eventually } from '../support/eventually';
import { aPlayerNumber, settledState } from '../support/play';
import { latestPendingEntryOf } from '../support/stored-state';
import { dialAs, screenText } from '../support/ussd';

/**
 * DESIGN section 4: every USSD entry ends with an SMS, the ticket or why not
 * and what to do. A USSD session on MTN ends promising a prompt; when the
 * payment then fails or expires (by the provider's word, after the
 * session), the player is told by SMS.
 */
describe('a USSD entry on MTN whose payment fails after the session', () => {
  it.each([
    ['decline', messages.ussdEntryFailedSms.failed],
    ['expire', messages.ussdEntryFailedSms.expired],
    // MTN fails a number with no MoMo wallet PAYER_NOT_FOUND: the same no-wallet mapping as the web page's
    ['unregistered', messages.ussdEntryFailedSms.noWallet],
  ] as const)('(%s) ends with an SMS saying why and what to do', async (outcome, text) => {
    const phone = await aPlayerNumber(outcome);
    screenText(await dialAs(phone, '1'), 'CON');
    expect(screenText(await dialAs(phone, '1*1'), 'END')).toMatch(/Approve the 100\.00 LRD prompt/);
    const entryId = await latestPendingEntryOf(phone);
    expect((await settledState(entryId, 20_000)).status).toBe('failed');

    const sms = await eventually(
      () => getSms(smsIdOf('entry-failed', entryId)),
      (record) => record?.state === 'sent',
      20_000,
    );
    expect(sms).toMatchObject({ to: phone, purpose: 'entry-failed', text: text(houseGame.daily.title) });
    expect(isOneGsm7Sms(sms!.text)).toBe(true);
  });
});

import { messages } from '@shared/messages';
import { oneSms } from '../../integrations/sms/gsm7';
import { logger } from '../../platform/logger';
import { deliverSms, smsIdOf } from '../messages';
import type { Entry } from './store/entries';
import { smsTitleOf } from './ticket-sms';

/** MTN's reason for a payer with no wallet (MoMo Open API error reasons). */
const NO_WALLET_REASONS = new Set(['PAYER_NOT_FOUND']);

/**
 * The final SMS of a USSD entry whose payment failed or expired after its
 * session ended (DESIGN section 4: every USSD entry ends with an SMS, the
 * ticket or why not and what to do). Owed once per entry and retried like
 * every SMS (functions/modules/messages/deliver-sms.ts); never undoes the failure.
 */
export async function sendUssdEntryFailedSms(entry: Entry, reason: string, now: Date): Promise<void> {
  try {
    const title = await smsTitleOf(entry);
    const texts = messages.ussdEntryFailedSms;
    const compose =
      reason === 'EXPIRED' ? texts.expired : NO_WALLET_REASONS.has(reason) ? texts.noWallet : texts.failed;
    await deliverSms(
      {
        id: smsIdOf('entry-failed', entry.id),
        purpose: 'entry-failed',
        ref: entry.id,
        to: entry.msisdn,
        text: oneSms(compose, title),
      },
      now,
    );
  } catch (error) {
    logger.error('failed-entry SMS not stored', { entryId: entry.id, correlationId: entry.id, error });
  }
}

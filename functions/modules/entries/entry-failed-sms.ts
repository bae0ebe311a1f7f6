import { messages } from '@shared/messages';
import { ussdMessages } from '@shared/ussd';
import { oneSms } from '../../integrations/sms/gsm7';
import { logger } from '../../platform/logger';
import { deliverSms, smsIdOf } from '../messages';
import { failureOf } from './entry-failure';
import type { Entry } from './store/entries';
import { smsTitleOf } from './ticket-sms';

/** A failed USSD entry's SMS by why it failed (the same codes the web page advises by: ./entry-failure.ts). */
export function failedEntrySmsText(reason: string): (title: string) => string {
  const texts = messages.ussdEntryFailedSms;
  switch (failureOf(reason)) {
    case 'expired':
      return texts.expired;
    case 'no-wallet':
      return texts.noWallet;
    case 'refused':
      return ussdMessages.promptRefusedSms;
    default:
      return texts.failed;
  }
}

/**
 * The final SMS of a USSD entry whose payment failed or expired after its
 * session ended (DESIGN section 4: every USSD entry ends with an SMS, the
 * ticket or why not and what to do). Owed once per entry and retried like
 * every SMS (functions/modules/messages/deliver-sms.ts); never undoes the failure.
 */
export async function sendUssdEntryFailedSms(entry: Entry, reason: string, now: Date): Promise<void> {
  try {
    const title = await smsTitleOf(entry);
    const compose = failedEntrySmsText(reason);
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

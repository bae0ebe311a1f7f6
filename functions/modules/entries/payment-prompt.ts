import { PROMPT_ATTEMPT_MS, PROMPT_ATTEMPTS, PROMPT_BACKOFF_MS } from '@shared/time-budgets';
import { paymentCallbackPath } from '../../integrations/callback-paths';
import {
  type CollectRequest,
  type MobileMoneyProvider,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../../integrations/mobile-money';
import { withProviderTime } from '../../platform/call-time';
import { oneSms } from '../../integrations/sms/gsm7';
import { ProviderNotAvailableError, providerFor } from '../../integrations/providers';
import { integrationConfig } from '../../integrations/secrets';
import { clock } from '../../platform/clock';
import { logger } from '../../platform/logger';
import { sleep } from '../../platform/pause';
import { deliverSms, smsIdOf } from '../messages';
import { claimPaymentPrompt, failEntry, type Entry } from './store/entries';
import { recordEntryFailed } from './entry-metrics';
import { refusalReasonOf } from './entry-failure';
import { failedEntrySmsText } from './entry-failed-sms';
import { smsTitleOf } from './ticket-sms';

/**
 * sent: the provider took the request; refused: it said no, the entry failed;
 * unknown: it could not be reached after every attempt, the entry stays
 * pending for reconciliation; taken: this entry's prompt was claimed before.
 */
export type PromptOutcome = 'sent' | 'refused' | 'unknown' | 'taken';

/**
 * Ask the provider to collect a stored entry's payment (DESIGN section 8:
 * the payment request leaves the request path; the entry was answered at
 * once). The conditional claim on the entry makes it at most one prompt
 * per entry, whoever delivers its stream record and however often. A
 * provider that fails in a way that may pass (5xx, timeout) is asked again
 * with the same reference — the adapters make a resend idempotent — after
 * each backoff, a bounded number of times (shared/time-budgets.ts); then the
 * entry stays pending and the reconciliation job asks the provider what
 * became of it, and sends the prompt again if the provider never got it
 * (./prompt-resend.ts). An outright refusal fails the entry with the reason
 * the player sees.
 */
export async function sendPaymentPrompt(entryId: string): Promise<PromptOutcome> {
  const entry = await claimPaymentPrompt(entryId, clock.now());
  if (!entry) return 'taken';
  if (!entry.callbackSecret) {
    logger.error('payment prompt claimed without its callback secret; reconciliation resolves the entry', {
      entryId,
      correlationId: entryId,
    });
    return 'unknown';
  }
  let provider;
  try {
    provider = await providerFor(entry.msisdn);
  } catch (error) {
    // the number's provider was configured when the entry was taken and is gone now
    if (!(error instanceof ProviderNotAvailableError)) throw error;
    return refuse(entry, error);
  }
  const request = await promptRequest(entry, provider.name, entry.callbackSecret);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withProviderTime(PROMPT_ATTEMPT_MS, () => provider.requestToPay(request));
      return 'sent';
    } catch (error) {
      if (error instanceof ProviderRejectedError) return refuse(entry, error, error.reason);
      if (!(error instanceof ProviderUnavailableError) || attempt >= PROMPT_ATTEMPTS) {
        // the request may have reached the provider: reconciliation asks it by status query
        logger.warn('payment prompt outcome unknown', { entryId, correlationId: entryId, attempts: attempt, error });
        return 'unknown';
      }
      await sleep(PROMPT_BACKOFF_MS[attempt - 1] ?? PROMPT_BACKOFF_MS.at(-1)!);
    }
  }
}

/** What the provider is asked under the entry's reference, the first time or again (./prompt-resend.ts). */
export async function promptRequest(
  entry: Entry,
  providerName: MobileMoneyProvider['name'],
  callbackSecret: string,
): Promise<CollectRequest> {
  const { publicBaseUrl } = await integrationConfig();
  const title = entry.promotionTitle ?? entry.game;
  return {
    referenceId: entry.id,
    msisdn: entry.msisdn,
    amountCents: entry.amountCents,
    currency: entry.currency,
    externalId: entry.id,
    payerMessage: `${title} entry`,
    payeeNote: `${title} ${entry.id}`,
    callbackUrl: `${publicBaseUrl}${paymentCallbackPath(providerName, entry.id, callbackSecret)}`,
  };
}

/** The entry fails as refused, or, when the provider said the number has no wallet, with that reason (./entry-failure.ts). */
export async function refuse(entry: Entry, error: Error, providerReason?: string): Promise<PromptOutcome> {
  logger.warn('payment request refused', {
    entryId: entry.id,
    correlationId: entry.id,
    status: (error as { status?: number }).status,
    providerReason,
  });
  const now = clock.now();
  const reason = refusalReasonOf(providerReason);
  if (!(await failEntry(entry.id, reason, now))) return 'taken';
  recordEntryFailed(entry, reason);
  // a web player sees the refusal on the page; a USSD player's session ended promising a prompt
  if (entry.channel === 'ussd') await sendPromptRefusedSms(entry, reason, now);
  return 'refused';
}

/** Owe and try the refusal SMS (functions/modules/messages/deliver-sms.ts retries a gateway failure); never undoes the refusal. */
async function sendPromptRefusedSms(entry: Entry, reason: string, now: Date): Promise<void> {
  try {
    const title = await smsTitleOf(entry);
    const text = oneSms(failedEntrySmsText(reason), title);
    await deliverSms(
      { id: smsIdOf('prompt-refused', entry.id), purpose: 'prompt-refused', ref: entry.id, to: entry.msisdn, text },
      now,
    );
  } catch (error) {
    logger.error('prompt refusal SMS not stored', { entryId: entry.id, correlationId: entry.id, error });
  }
}

import { PROMPT_ATTEMPT_MS } from '@shared/time-budgets';
import { type MobileMoneyProvider, ProviderRejectedError, type StatusResult } from '../../integrations/mobile-money';
import { newCallbackSecret } from '../../platform/callback-secret';
import { withProviderTime } from '../../platform/call-time';
import { logger } from '../../platform/logger';
import { MAX_PROMPT_RESENDS, resendCutoffMs, resendGapMs } from './payment-times';
import { promptRequest, refuse } from './payment-prompt';
import type { Entry } from './store/entries';
import { claimPromptResend } from './store/prompt-resends';

/** resent: the provider took it again; refused: it said no, the entry failed; unknown: no answer yet (asked again later). */
export type ResendOutcome = 'resent' | 'refused' | 'unknown' | 'taken';

/**
 * Whether the provider's status says it holds no prompt under the reference:
 * MTN's 404 (NOT_FOUND) once the index lag has passed (resendDue waits for
 * it), Orange's no payToken (NOT_FOUND) or a payToken no `pay` used
 * (NOT_PROMPTED). The player was never asked: waiting for the expiry only
 * ends in "expired" (DESIGN section 4, "Outcomes, not guesses").
 */
export const unprompted = (status: StatusResult): boolean =>
  (status.status === 'FAILED' && status.reason === 'NOT_FOUND') ||
  (status.status === 'PENDING' && status.reason === 'NOT_PROMPTED');

/**
 * A resend is due when the prompt went out once (its claim), the last send
 * is a backoff old (a minute, then 2 and 4: ./payment-times.ts — past MTN's
 * index lag, during which a young reference answers 404), fewer than
 * MAX_PROMPT_RESENDS were made, and the expiry is more than 2 minutes away,
 * so the player still has time to approve.
 */
export function resendDue(entry: Entry, now: Date): boolean {
  if (entry.status !== 'pending' || entry.confirmedAt || !entry.promptSentAt) return false;
  const resends = entry.promptResends ?? 0;
  if (resends >= MAX_PROMPT_RESENDS) return false;
  const lastSent = Date.parse(entry.promptResentAt ?? entry.promptSentAt);
  if (now.getTime() - lastSent < resendGapMs(resends)) return false;
  return now.getTime() - Date.parse(entry.createdAt) < resendCutoffMs();
}

/**
 * Send an entry's payment prompt again under its reference (the entry id),
 * once the provider showed it never got it. Claimed first (one resend per
 * due turn, whoever asks), with a new callback secret whose hash joins the
 * entry's; then one attempt within its time. Never a second debit: MTN
 * answers 409 for a reference it holds (the adapter then checks it is this
 * request), Orange takes a payToken once. A refusal fails the entry as the
 * first prompt's would; no answer leaves it pending, to be asked again.
 */
export async function resendPaymentPrompt(
  entry: Entry,
  provider: MobileMoneyProvider,
  now: Date,
): Promise<ResendOutcome> {
  const { secret, hash } = newCallbackSecret();
  const claimed = await claimPromptResend(entry.id, entry.promptResends ?? 0, hash, now);
  if (!claimed) return 'taken';
  const resends = claimed.promptResends;
  try {
    const request = await promptRequest(claimed, provider.name, secret);
    await withProviderTime(PROMPT_ATTEMPT_MS, () => provider.requestToPay(request));
    logger.info('payment prompt sent again', { entryId: entry.id, correlationId: entry.id, resends });
    return 'resent';
  } catch (error) {
    if (error instanceof ProviderRejectedError) {
      const refused = await refuse(claimed, error, error.reason);
      return refused === 'refused' ? 'refused' : 'taken';
    }
    // unknown again: the next due turn asks the provider and, if it still holds nothing, resends
    logger.warn('payment prompt resend outcome unknown', {
      entryId: entry.id,
      correlationId: entry.id,
      resends,
      error,
    });
    return 'unknown';
  }
}

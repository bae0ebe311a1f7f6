/**
 * Sending an SMS with retries (DESIGN section 8), the one path for ticket
 * and winner SMS alike. The SMS is owed first (its id names what it is
 * about, so it is owed once): its own record, or — a settlement batch's
 * ticket SMS — one item for the batch, each SMS's record written by its
 * first attempt (./owed-batches.ts); each attempt claims the record, sends
 * once and writes what the gateway said:
 * - accepted (100–102): sent, with the gateway's message id, status and cost;
 * - refused for good (402–404, 406–409, or a request it will never take): failed, never tried again;
 * - held for our account (401 RiskHold, 405 InsufficientBalance): owed until
 *   delivered, due again after a long backoff (never given up for its count
 *   of attempts), each hold counted for the alarm;
 * - their trouble (500–502, 5xx, no answer): due again after an exponential
 *   backoff with jitter, at most SMS_MAX_ATTEMPTS attempts, then failed.
 * Failed SMS stay listed (failedSms), are logged as errors, and staff can
 * send them again (./resend-sms.ts).
 *
 * At least once, never twice on a known success: a recorded success is never
 * sent again, and two senders never send one attempt (the claim). Africa's
 * Talking takes no idempotency key, so one case can still make a second
 * copy: a crash (or timeout) after the gateway took the SMS and before the
 * record says so, or a record write still failing after its retries; the
 * record (or batch) is due again when the attempt's lease ends.
 */
import { ACCESS_CODE_DIGITS } from '@shared/my-tickets';
import { maskMobileNumber } from '@shared/phone';
import { forgetIntegrationConfig } from '../../integrations/secrets';
import { SmsSendError } from '../../integrations/sms/sms-send-error';
import { smsSender } from '../../integrations/sms/sms-sender';
import { withCheckCode } from '../../integrations/sms/gsm7';
import { config } from '../../platform/config';
import { logger } from '../../platform/logger';
import { recordMetric } from '../../platform/metrics';
import { jitteredDelayMs, sleep } from '../../platform/pause';
import { claimSms, createClaimedSms, type OwedSms, type SmsPurpose, type SmsRecord } from './store/sms-records';
import { putSentSms, recordSmsFailed, recordSmsSent, scheduleSmsRetry } from './store/sms-attempts';
import { putSmsCheck } from './store/sms-checks';
import { checkCodeOf } from './sms-check';

/** Attempts before an SMS the gateway keeps failing is given up (about an hour of retries). */
export const SMS_MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 30 * 60_000;
/**
 * After an account hold: 5–10 min, doubling, at most 30–60 min (an operator tops up or clears the account
 * meanwhile); a local bench may shorten the base (SMS_HOLD_RETRY_MS), the cap staying six times it.
 */
const holdRetryBaseMs = () => config.localMs('SMS_HOLD_RETRY_MS', 10 * 60_000);
/** An SMS the account keeps holding is given up (listed failed, for staff to resend) this long after it was owed. */
const SMS_HELD_FOR_AT_MOST_MS = 3 * 24 * 60 * 60_000;
/** An attempt in flight this long is presumed dead: past the adapter's 8 s timeout and any Lambda's life. */
const SMS_ATTEMPT_LEASE_MS = 2 * 60_000;

export type SmsOutcome = 'sent' | 'retrying' | 'failed' | 'skipped';

/** The SMS record id for what an SMS is about: one ticket SMS per entry, one winner SMS per draw. */
export const smsIdOf = (purpose: SmsPurpose, ref: string): string => `${purpose}-${ref}`;

/**
 * Owe this SMS and try it now. Once it is owed, calling again sends nothing
 * unless it is due (a retry the job would make anyway): `skipped`.
 * `whenOwed` runs once the record exists, beside the attempt (the caller's
 * own bookkeeping, kept off the SMS's way).
 */
export async function deliverSms(sms: OwedSms, now: Date, whenOwed?: () => Promise<void>): Promise<SmsOutcome> {
  const claimed = await createClaimedSms(sms, now, leaseEnd(now));
  const [outcome] = await Promise.all([claimed ? attempt(claimed, now) : attemptSms(sms.id, now), whenOwed?.()]);
  return outcome;
}

/** One attempt of an owed SMS if it is due: `skipped` when it is not pending, not due, or taken by another sender. */
export async function attemptSms(id: string, now: Date): Promise<SmsOutcome> {
  const claimed = await claimSms(id, now, leaseEnd(now));
  return claimed ? attempt(claimed, now) : 'skipped';
}

/**
 * A one-time code is kept in its SMS record only while the SMS is owed: once
 * it is sent or failed for good the record keeps the text with the code
 * blanked, so no staff screen, log or resend can show a code (the player
 * asks for a new one). Other SMS keep their text for resends.
 */
const ACCESS_CODE_IN_TEXT = new RegExp(`\\b\\d{${ACCESS_CODE_DIGITS}}\\b`, 'g');
const settledText = (sms: SmsRecord): string | undefined =>
  sms.purpose === 'access-code' ? sms.text.replace(ACCESS_CODE_IN_TEXT, '*'.repeat(ACCESS_CODE_DIGITS)) : undefined;

/**
 * Attempt `sms`, claimed by this sender, and write the outcome on its record.
 * `stored: false`: a record not stored yet (one of a batch, ./owed-batches.ts),
 * written once with the outcome: sent, or claimed and then as any failed
 * attempt. `checked`: its check code was stored already (the batch's, together).
 */
export async function attempt(sms: SmsRecord, now: Date, { stored = true, checked = false } = {}): Promise<SmsOutcome> {
  const code = checkCodeOf(sms);
  let receipt: SmsReceipt;
  try {
    // its check code is findable before the SMS can reach anyone (./sms-check.ts)
    if (!checked) await putSmsCheck(code, sms);
    receipt = await (await smsSender()).send(sms.to, withCheckCode(sms.text, code), now);
  } catch (error) {
    return failedAttempt(sms, error, now, stored);
  }
  await recordSent(sms, receipt, now, stored);
  recordMetric('smsSent', 1, { purpose: sms.purpose }, { correlationId: sms.ref });
  return 'sent';
}

type SmsReceipt = Awaited<ReturnType<Awaited<ReturnType<typeof smsSender>>['send']>>;
/** Writes of a known success tried before it is left owed (DynamoDB refusing under a surge's load, say). */
const RECORD_TRIES = 4;

/**
 * The gateway took it: its record says so. A write that fails is tried
 * again — never taken for a failed send, which would send it twice; after
 * RECORD_TRIES the record stays owed (claimed, or not yet stored in its
 * batch), and the retry job may send a second copy.
 */
async function recordSent(sms: SmsRecord, receipt: SmsReceipt, now: Date, stored: boolean): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    try {
      const written = stored
        ? await recordSmsSent(sms.id, sms.attempts, receipt, now, settledText(sms))
        : await putSentSms(sms, receipt, now, settledText(sms));
      if (!written) {
        const attempt = sms.attempts;
        logger.warn('SMS sent after its attempt was overtaken', { smsId: sms.id, correlationId: sms.ref, attempt });
      }
      return;
    } catch (error) {
      if (tries >= RECORD_TRIES) {
        logger.error('SMS sent but its record not written: owed still, it may be sent again', {
          smsId: sms.id,
          correlationId: sms.ref,
          error,
        });
        return;
      }
      await sleep(jitteredDelayMs(tries - 1, 50, 1_000, 0.5));
    }
  }
}

/** An attempt the gateway refused or that never reached it: failed for good, or due again. */
async function failedAttempt(sms: SmsRecord, error: unknown, now: Date, stored: boolean): Promise<SmsOutcome> {
  const who = maskMobileNumber(sms.to);
  // a failure is written as any attempt's, on its record: one not stored yet is stored now, claimed as it was owed
  if (!stored && !(await createClaimedSms(sms, new Date(sms.createdAt), leaseEnd(now)))) {
    logger.warn('SMS not sent; the retry of its batch overtook this attempt', {
      smsId: sms.id,
      correlationId: sms.ref,
    });
    return 'skipped';
  }
  const refusal = error instanceof SmsSendError ? error : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  // anything but the gateway's own refusal (a config read, the network) may pass
  const permanent = refusal !== undefined && !refusal.retryable;
  if (refusal?.providerStatus === 'HTTP 401') forgetIntegrationConfig(); // a rotated key is read again
  const held = refusal?.accountHold === true;
  if (held) {
    recordMetric('smsAccountHeld', 1, {}, { correlationId: sms.ref });
    logger.error('SMS held for the gateway account; owed and retried later', {
      smsId: sms.id,
      correlationId: sms.ref,
      to: who,
      attempt: sms.attempts,
      providerStatus: refusal.providerStatus,
    });
  }
  const givenUp = held
    ? now.getTime() - Date.parse(sms.owedAgainAt ?? sms.createdAt) >= SMS_HELD_FOR_AT_MOST_MS
    : sms.attempts >= SMS_MAX_ATTEMPTS;
  if (permanent || givenUp) {
    const failure = {
      error: permanent ? reason : `gave up after ${sms.attempts} attempts: ${reason}`,
      ...(refusal?.providerStatus !== undefined ? { providerStatus: refusal.providerStatus } : {}),
      ...(refusal?.statusCode !== undefined ? { statusCode: refusal.statusCode } : {}),
    };
    await recordSmsFailed(sms.id, sms.attempts, failure, now, settledText(sms));
    logger.error('SMS failed for good', {
      smsId: sms.id,
      correlationId: sms.ref,
      purpose: sms.purpose,
      to: who,
      attempts: sms.attempts,
      reason: failure.error,
      error,
    });
    recordMetric('smsFailed', 1, { purpose: sms.purpose }, { correlationId: sms.ref });
    return 'failed';
  }
  const nextAttemptAt = new Date(now.getTime() + (held ? heldRetryDelayMs(sms.attempts) : retryDelayMs(sms.attempts)));
  await scheduleSmsRetry(sms.id, sms.attempts, nextAttemptAt, reason);
  logger.warn('SMS not sent; will retry', {
    smsId: sms.id,
    correlationId: sms.ref,
    to: who,
    attempt: sms.attempts,
    nextAttemptAt: nextAttemptAt.toISOString(),
    error: reason,
  });
  return 'retrying';
}

/** The wait after failed attempt `attempts` (1-based): 15–30 s, then doubling, at most 15–30 min. */
const retryDelayMs = (attempts: number): number => jitteredDelayMs(attempts - 1, RETRY_BASE_MS, RETRY_CAP_MS, 0.5);

/** The wait after attempt `attempts` was held for the account: 5–10 min, then doubling, at most 30–60 min. */
const heldRetryDelayMs = (attempts: number): number =>
  jitteredDelayMs(Math.min(attempts - 1, 3), holdRetryBaseMs(), holdRetryBaseMs() * 6, 0.5);

export const leaseEnd = (now: Date) => new Date(now.getTime() + SMS_ATTEMPT_LEASE_MS);

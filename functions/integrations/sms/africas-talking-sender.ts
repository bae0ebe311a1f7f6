/**
 * The production SMS sender (DESIGN section 8) over Africa's Talking's SMS
 * API (./africas-talking-wire.ts): one form-encoded POST per SMS; the answer
 * is judged by the recipient's `statusCode`, never by its `status` text.
 */
import { maskMobileNumber } from '@shared/phone';
import type { SmsReceipt, SmsSender } from '../sms';
import {
  LIVE_BASE_URL,
  MESSAGING_PATH,
  SANDBOX_BASE_URL,
  recipientOutcome,
  type AtRecipient,
} from './africas-talking-wire';
import { SmsSendError } from './sms-send-error';
import { callTimeoutMs } from '../../platform/call-time';

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** Registered alphanumeric sender id or short code; the account's default when absent. */
  senderId?: string;
  /** Override the API endpoint (the local simulator, tests); by default live, or sandbox for the `sandbox` user. */
  endpoint?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

export class AfricasTalkingSender implements SmsSender {
  private readonly endpoint: string;

  constructor(private readonly options: AfricasTalkingOptions) {
    // Africa's Talking serves its sandbox app (username "sandbox") from its own host.
    this.endpoint =
      options.endpoint ?? `${options.username === 'sandbox' ? SANDBOX_BASE_URL : LIVE_BASE_URL}${MESSAGING_PATH}`;
  }

  async send(to: string, text: string, _now: Date): Promise<SmsReceipt> {
    const form = new URLSearchParams({ username: this.options.username, to: internationalNumber(to), message: text });
    if (this.options.senderId) form.set('from', this.options.senderId);
    const who = maskMobileNumber(to);

    let response: Response;
    let raw: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          apiKey: this.options.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        // within the invocation's provider time (shared/time-budgets.ts); none left: it fails as unreachable and is retried
        signal: AbortSignal.timeout(callTimeoutMs(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS)),
      });
      raw = await response.text();
    } catch (error) {
      // the SMS may or may not have gone: sending again risks a second copy, never a lost ticket
      throw new SmsSendError(
        `Africa's Talking could not be reached to send an SMS to ${who}`,
        true,
        error,
        'Unreachable',
      );
    }

    const data = (parseJson(raw) as { SMSMessageData?: { Recipients?: unknown; Message?: unknown } } | undefined)
      ?.SMSMessageData;
    const recipient = Array.isArray(data?.Recipients)
      ? (data.Recipients[0] as Partial<AtRecipient> | undefined)
      : undefined;
    // a refusal of the recipient can come with a non-2xx status (409 for Nigeria's do-not-disturb hours): the recipient decides
    if (recipient && typeof recipient.statusCode === 'number') return judge(recipient, recipient.statusCode, who);
    if (!response.ok) {
      // 5xx and 429 are theirs; 401 (the key), 400 (a missing field) and the rest are ours, and sending again changes nothing
      const retryable = response.status >= 500 || response.status === 429;
      throw new SmsSendError(
        `Africa's Talking answered ${response.status} to an SMS to ${who}`,
        retryable,
        undefined,
        `HTTP ${response.status}`,
      );
    }
    // No recipient line: the whole request was refused (e.g. "InvalidSenderId"), in Message.
    const why = typeof data?.Message === 'string' && data.Message ? data.Message : 'no recipients in the answer';
    throw new SmsSendError(`Africa's Talking sent no SMS to ${who}: ${why}`, false, undefined, why);
  }
}

function judge(recipient: Partial<AtRecipient>, statusCode: number, who: string): SmsReceipt {
  const status = recipient.status ?? String(statusCode);
  const outcome = recipientOutcome(statusCode);
  if (outcome === 'accepted') {
    return {
      status,
      statusCode,
      ...(recipient.messageId ? { messageId: recipient.messageId } : {}),
      ...(recipient.cost ? { cost: recipient.cost } : {}),
    };
  }
  throw new SmsSendError(
    `Africa's Talking did not send an SMS to ${who}: ${status} (${statusCode})`,
    outcome === 'transient' || outcome === 'account',
    undefined,
    status,
    statusCode,
    outcome === 'account',
  );
}

/** 231XXXXXXXXX → +231XXXXXXXXX, as Africa's Talking wants numbers (international format). */
function internationalNumber(msisdn: string): string {
  return msisdn.startsWith('+') ? msisdn : `+${msisdn}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

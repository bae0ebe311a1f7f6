/**
 * The production SMS sender (DESIGN section 8) over Africa's Talking's bulk
 * SMS API (developers.africastalking.com, "SMS / Sending"): a form-encoded
 * POST to /version1/messaging with the `apiKey` header; the answer lists a
 * status per recipient, and anything but `Success` means not sent.
 */
import { maskMobileNumber } from '../../../shared/phone';
import type { SmsSender } from '../sms';
import { SmsSendError } from './sms-send-error';

export interface AfricasTalkingOptions {
  username: string;
  apiKey: string;
  /** Registered alphanumeric sender id or short code; the account's default when absent. */
  senderId?: string;
  /** Override the API endpoint (tests); by default live, or sandbox for the `sandbox` user. */
  endpoint?: string;
  timeoutMs?: number;
}

const LIVE_ENDPOINT = 'https://api.africastalking.com/version1/messaging';
const SANDBOX_ENDPOINT = 'https://api.sandbox.africastalking.com/version1/messaging';
const DEFAULT_TIMEOUT_MS = 8_000;

interface Recipient {
  number?: string;
  status?: string;
  statusCode?: number;
}

export class AfricasTalkingSender implements SmsSender {
  private readonly endpoint: string;

  constructor(private readonly options: AfricasTalkingOptions) {
    // Africa's Talking serves its sandbox app (username "sandbox") from its own host.
    this.endpoint = options.endpoint ?? (options.username === 'sandbox' ? SANDBOX_ENDPOINT : LIVE_ENDPOINT);
  }

  async send(to: string, text: string, _now: Date): Promise<void> {
    const form = new URLSearchParams({ username: this.options.username, to: internationalNumber(to), message: text });
    if (this.options.senderId) form.set('from', this.options.senderId);
    const who = maskMobileNumber(to);

    let response: Response;
    let body: unknown;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          apiKey: this.options.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      const raw = await response.text();
      body = parseJson(raw);
    } catch (error) {
      throw new SmsSendError(`Africa's Talking could not be reached to send an SMS to ${who}`, true, error);
    }
    if (!response.ok) {
      throw new SmsSendError(`Africa's Talking answered ${response.status} to an SMS to ${who}`, response.status >= 500 || response.status === 429);
    }

    const recipients = (body as { SMSMessageData?: { Recipients?: Recipient[]; Message?: string } } | undefined)?.SMSMessageData;
    const recipient = recipients?.Recipients?.[0];
    if (!recipient) {
      // No recipient line: the whole request was refused (e.g. "InvalidSenderId"), in Message.
      throw new SmsSendError(`Africa's Talking sent no SMS to ${who}: ${String(recipients?.Message ?? 'no recipients in the answer')}`, false);
    }
    if (recipient.status !== 'Success') {
      // statusCode 5xx (InternalServerError, GatewayError, RejectedByGateway) are theirs; 4xx are about this number or message.
      const retryable = (recipient.statusCode ?? 0) >= 500;
      throw new SmsSendError(`Africa's Talking did not send an SMS to ${who}: ${recipient.status ?? 'unknown status'}`, retryable);
    }
  }
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

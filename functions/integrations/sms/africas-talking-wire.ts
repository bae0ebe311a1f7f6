/**
 * Africa's Talking's SMS API as it is on the wire (their "SMS / Sending"
 * reference and their Node SDK, lib/sms.js and lib/common.js): a
 * form-encoded POST of `username`, `to`, `message` and optional `from` to
 * /version1/messaging on api.africastalking.com (api.sandbox.africastalking.com
 * for the sandbox app), with the `apiKey` header and `Accept:
 * application/json`; 201 with `SMSMessageData.Recipients[]`, one per
 * number, each judged by its `statusCode`. Shared by the adapter and the
 * local simulator so both read the same table.
 */
export const MESSAGING_PATH = '/version1/messaging';
export const LIVE_BASE_URL = 'https://api.africastalking.com';
export const SANDBOX_BASE_URL = 'https://api.sandbox.africastalking.com';

export interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
}

/**
 * What a recipient's status code means for us (DESIGN section 8): 100–102
 * accepted (processed, sent or queued: `status` says nothing about
 * delivery); 401 RiskHold and 405 InsufficientBalance the account's, not
 * the recipient's (held until the account is cleared or topped up: tried
 * again after a long wait); the rest of 402–409 refused for good (this
 * number or this sender: sending again changes nothing); 500–502 and
 * anything unknown their side's trouble, worth another try later.
 */
export function recipientOutcome(statusCode: number): 'accepted' | 'account' | 'permanent' | 'transient' {
  if (statusCode >= 100 && statusCode <= 102) return 'accepted';
  if (statusCode === 401 || statusCode === 405) return 'account';
  if (statusCode >= 402 && statusCode <= 409) return 'permanent';
  return 'transient';
}

/**
 * An SMS the gateway did not accept. `retryable` when the failure is on the
 * gateway's side or the network's (sending again later may work); not for a
 * refusal of this message or number (an invalid number, a blacklisted user).
 * `providerStatus` is the gateway's word for it (e.g. "UserInBlacklist" or
 * "HTTP 503"), kept on the SMS record. `accountHold`: our gateway account
 * cannot send (out of credit, a risk hold): retryable, but only after a long
 * wait, and someone must act (DESIGN section 8).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    override readonly cause?: unknown,
    readonly providerStatus?: string,
    readonly statusCode?: number,
    readonly accountHold = false,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

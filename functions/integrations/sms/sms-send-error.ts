/**
 * An SMS the gateway did not accept. `retryable` when the failure is on the
 * gateway's side or the network's (sending again later may work); not for a
 * refusal of this message or number (an invalid number, a blacklisted user).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

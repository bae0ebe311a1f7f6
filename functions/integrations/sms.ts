/**
 * The SMS port (DESIGN section 8): ticket numbers and winner notices go out
 * by SMS. Africa's Talking in production and, on the local stack, its
 * simulator; the outbox where neither is configured.
 */
export interface SmsSender {
  /** Hands one SMS to the gateway; throws SmsSendError when it was not accepted. */
  send(to: string, text: string, now: Date): Promise<SmsReceipt>;
}

/** What the gateway said when it accepted an SMS (kept on our SMS record). */
export interface SmsReceipt {
  messageId?: string;
  /** The gateway's own word for it, e.g. "Success". */
  status: string;
  statusCode?: number;
  /** As the gateway prints it, e.g. "USD 0.0200". */
  cost?: string;
}

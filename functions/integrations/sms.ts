/**
 * The SMS port (DESIGN section 8): ticket numbers and winner notices go out
 * by SMS. Africa's Talking in production; the local stack's outbox otherwise.
 */
export interface SmsSender {
  send(to: string, text: string, now: Date): Promise<void>;
}

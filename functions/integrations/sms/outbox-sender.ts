import { putOutboxMessage } from '../../store/sms-outbox';
import type { SmsSender } from '../sms';

/**
 * The local stack's SMS sender (DESIGN section 2): instead of a gateway, the
 * message goes to the outbox that `GET /api/v1/dev/sms` lists.
 */
export class OutboxSender implements SmsSender {
  async send(to: string, text: string, now: Date): Promise<void> {
    await putOutboxMessage(to, text, now);
  }
}

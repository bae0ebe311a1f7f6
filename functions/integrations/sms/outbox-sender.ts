import { putOutboxMessage } from './store/sms-outbox';
import type { SmsReceipt, SmsSender } from '../sms';

/**
 * The sender where no gateway is configured (DESIGN section 2): the message
 * goes to the outbox that `GET /api/v1/dev/sms` lists.
 */
export class OutboxSender implements SmsSender {
  async send(to: string, text: string, now: Date): Promise<SmsReceipt> {
    const message = await putOutboxMessage(to, text, now);
    return { messageId: message.id, status: 'Outbox' };
  }
}

import { integrationConfig } from '../secrets';
import type { SmsSender } from '../sms';
import { AfricasTalkingSender } from './africas-talking-sender';
import { OutboxSender } from './outbox-sender';

/** The SMS sender the config asks for (DESIGN section 8): Africa's Talking (or, locally, its simulator), else the outbox. */
export async function smsSender(): Promise<SmsSender> {
  const { sms } = await integrationConfig();
  if (sms.mode === 'africastalking') {
    const { username, apiKey, senderId, endpoint } = sms;
    return new AfricasTalkingSender({ username, apiKey, senderId, endpoint });
  }
  return new OutboxSender();
}

import { integrationConfig } from '../secrets';
import type { SmsSender } from '../sms';
import { AfricasTalkingSender } from './africas-talking-sender';
import { OutboxSender } from './outbox-sender';

/** The SMS sender the config asks for (DESIGN section 8): Africa's Talking in production, the outbox locally. */
export async function smsSender(): Promise<SmsSender> {
  const { sms } = await integrationConfig();
  if (sms.mode === 'africastalking') {
    return new AfricasTalkingSender({ username: sms.username, apiKey: sms.apiKey, senderId: sms.senderId });
  }
  return new OutboxSender();
}

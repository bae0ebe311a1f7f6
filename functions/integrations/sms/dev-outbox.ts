import { listOutbox, type OutboxMessage } from './store/sms-outbox';
import { integrationConfig } from '../secrets';

/**
 * The local stack's SMS outbox (`GET /api/v1/dev/sms`): what the SMS
 * gateway accepted, newest first. With the Africa's Talking simulator that
 * is the simulator's own record of what it took (what a phone would get,
 * retries and all); without it, the outbox table.
 */
export async function devOutbox(limit: number, to?: string): Promise<OutboxMessage[]> {
  const { sms } = await integrationConfig();
  if (sms.mode !== 'africastalking' || !sms.endpoint) return listOutbox(limit, to);
  const url = new URL('/__sim/messages', sms.endpoint);
  url.searchParams.set('accepted', '1');
  url.searchParams.set('limit', String(limit));
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`the SMS simulator answered ${response.status}`);
  const { messages } = (await response.json()) as {
    messages: Array<{ messageId: string; number: string; text: string; receivedAt: string }>;
  };
  return messages.map((m) => ({
    id: m.messageId,
    to: m.number.replace(/^\+/, ''),
    text: m.text,
    sentAt: m.receivedAt,
  }));
}

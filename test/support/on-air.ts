import { randomUUID } from 'node:crypto';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { routes } from '@shared/api/routes';
import { ApiClient } from './api';
import { sharedStack } from './stack-target';

/**
 * The on-air draw's listener channels as their providers reach us (issue 36): an inbound SMS as
 * Africa's Talking's incoming-message callback posts it, and the local beacon told to keep the
 * rounds due soon until they are due (its test stack otherwise serves them early).
 */
/** The callback posted directly, with any key and message id (a forged or redelivered callback). */
export async function inboundSms(
  from: string,
  text: string,
  id: string,
  key: string = localDefaults.smsIncomingKey,
): Promise<{ status: number; text: string }> {
  const form = new URLSearchParams({
    from: `+${from}`,
    to: '20880',
    text,
    date: new Date().toISOString().replace('T', ' ').slice(0, 19),
    id,
    linkId: `link-${id}`,
  });
  const response = await new ApiClient().request(
    'POST',
    `${routes.smsIncoming.path}?key=${encodeURIComponent(key)}`,
    undefined,
    { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, csrf: false },
  );
  return { status: response.status, text: response.text };
}

/**
 * A player texts our short code: the Africa's Talking simulator posts it to the incoming-message
 * callback it is set up with (infra/local/stack.ts), as Africa's Talking does. Its message id and the
 * callback's status.
 */
export async function textFromPhone(from: string, text: string): Promise<{ id: string; callbackStatus: number }> {
  const query = new URLSearchParams({ from: `+${from}`, text });
  const response = await fetch(`${sharedStack().smsUrl}/__sim/inbound?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`simulator inbound: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; callbackStatus: number };
}

/** This test file's holds (a worker runs its files one at a time): its release ends its own hold only. */
const HOLDER = randomUUID();

/**
 * For `seconds`, the local beacon serves no round before it is due (see infra/local/drand-beacon.ts); 0 ends
 * this file's hold (another file's, running beside it, goes on).
 */
export async function holdNearBeaconRounds(seconds: number): Promise<void> {
  const query = new URLSearchParams({ seconds: String(seconds), holder: HOLDER });
  const response = await fetch(`${new URL(sharedStack().beaconUrl).origin}/__sim/hold-near-rounds?${query}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`beacon hold: ${response.status}`);
}

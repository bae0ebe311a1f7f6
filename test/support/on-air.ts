import { inject } from 'vitest';
import { localDefaults } from '../../functions/integrations/local-defaults';
import { routes } from '@shared/api/routes';
import { ApiClient } from './api';

/**
 * The on-air draw's listener channels as their providers reach us (issue 36): an inbound SMS as
 * Africa's Talking's incoming-message callback posts it, and the local beacon told to keep the
 * rounds due soon until they are due (its test stack otherwise serves them early).
 */
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

/** For `seconds`, the local beacon serves no round before it is due (see infra/local/drand-beacon.ts). */
export async function holdNearBeaconRounds(seconds: number): Promise<void> {
  const response = await fetch(`${new URL(inject('beaconUrl')).origin}/__sim/hold-near-rounds?seconds=${seconds}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`beacon hold: ${response.status}`);
}

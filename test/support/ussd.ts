import { localDefaults } from '../../functions/integrations/local-defaults';
import { gsm7Length } from '../../functions/integrations/sms/gsm7';
import { attemptSms, getSms, smsIdOf } from '../../functions/modules/messages';
import { routes } from '@shared/api/routes';
import { USSD_MAX_CHARS, USSD_SERVICE_CODE } from '@shared/ussd';
import { ApiClient } from './api';

const NETWORK_CODE = { lonestar: '61801', orange: '61807' } as const;

/**
 * One keypress of a USSD session from `phone` on its own network, as Africa's Talking posts it (`text`: every input so far);
 * `serviceCode` as the gateway sends it (the base code unless given).
 */
export async function dialAs(
  phone: string,
  text: string,
  serviceCode: string = USSD_SERVICE_CODE,
): Promise<{ status: number; text: string }> {
  const server = phone.startsWith('23177') ? 'orange' : 'lonestar';
  const form = new URLSearchParams({
    sessionId: 'ATUid_test',
    serviceCode,
    phoneNumber: `+${phone}`,
    networkCode: NETWORK_CODE[server],
    text,
  });
  const response = await new ApiClient().request(
    'POST',
    `${routes.ussd.path.replace(':server', server)}?key=${encodeURIComponent(localDefaults.ussd[server])}`,
    undefined,
    {
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    },
  );
  return { status: response.status, text: response.text };
}

/** A screen's text once checked: 200, CON or END, GSM-7, within USSD_MAX_CHARS; else why not. */
export function screenText(reply: { status: number; text: string }, kind: 'CON' | 'END'): string {
  const fits =
    reply.status === 200 &&
    reply.text.startsWith(`${kind} `) &&
    reply.text.length <= USSD_MAX_CHARS &&
    gsm7Length(reply.text) !== null;
  if (!fits)
    throw new Error(`not a ${kind} screen within ${USSD_MAX_CHARS} GSM-7 characters: ${reply.status} ${reply.text}`);
  return reply.text;
}

/**
 * The retry job's attempt of the My tickets SMS that `phone` asked for by
 * USSD at about `askedAt` (its id names the minute of the request, this one
 * or the next): the USSD function only owes it, and the test stack runs no
 * scheduler. One SMS, not every one due: other tests' owed SMS stay theirs.
 */
export async function sendMyTicketsSms(phone: string, askedAt: Date): Promise<string> {
  const owed = [askedAt, new Date(askedAt.getTime() + 60_000)].map((at) =>
    smsIdOf('my-tickets', `${phone}-${at.toISOString().slice(0, 16)}`),
  );
  const found = await Promise.all(owed.map(async (id) => ((await getSms(id)) ? id : undefined)));
  const id = found.find(Boolean);
  if (!id) throw new Error(`no My tickets SMS owed to ${phone}`);
  return attemptSms(id, new Date());
}

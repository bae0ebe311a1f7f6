import { onAirEndpoints } from '@shared/api/endpoints/on-air';
import { ussdEndpoints } from '@shared/api/endpoints/ussd';
import { messages } from '@shared/messages';
import { onAirMessages } from '@shared/on-air-messages';
import { ussdMessages } from '@shared/ussd';
import { integrationConfig } from '../integrations/secrets';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { sameSecret } from '../platform/secret-compare';
import { createHttpApp } from '../platform/http-app';
import { reply } from '../platform/http-responses';
import { logger } from '../platform/logger';
import { answerInboundSms, isUssdServer, ussdReply, type InboundSms } from '../modules/ussd';
import { staffSessions } from '../modules/staff';

const app = createHttpApp('ussd', staffSessions, ussdEndpoints, onAirEndpoints);

/**
 * USSD gateways (DESIGN section 8, Africa's Talking): a form-encoded POST
 * per keypress, answered in plain text starting `CON ` or `END `. Each
 * gateway proves itself with its own secret (`?key=`) and is configured with
 * its base code. Gateways give us about 10 s; a failure still answers a
 * polite `END`.
 */
app.on('ussd', async (request) => {
  const server = request.params.server ?? '';
  if (!isUssdServer(server)) throw notFound();
  const config = await integrationConfig();
  const expected = config.ussd[server];
  if (!expected || !sameSecret(request.query.key ?? '', expected))
    throw forbidden(messages.refusals.unknownUssdGateway);

  const form = new URLSearchParams(request.text);
  const field = (name: string, max: number) => (form.get(name) ?? '').slice(0, max);
  let answer: string;
  try {
    answer = await ussdReply({
      server,
      phoneNumber: field('phoneNumber', 32),
      serviceCode: field('serviceCode', 32),
      baseCode: config.ussdServiceCodes[server],
      digitsIn: config.ussdDigitsIn[server],
      networkCode: field('networkCode', 8),
      text: field('text', 200),
      now: request.now,
    });
  } catch (error) {
    logger.error('ussd reply failed', { server, error: error as Error });
    answer = `END ${ussdMessages.failed}`;
  }
  return reply(200, answer, { contentType: 'text/plain; charset=utf-8' });
});

/**
 * Africa's Talking's incoming-message callback (issue 36: a listener texts `DRAW <code>`; issue 35:
 * `RESULTS` and STOP): a form POST of from, to, text, date, id (and linkId); `?key=` proves it is Africa's
 * Talking, as for USSD. The same URL may be the app's Bulk SMS Opt Out callback (senderId, phoneNumber: no
 * `from`). The answer goes back by SMS; Africa's Talking only needs a 200. A body without a number or
 * message id we can act on is a 400, and changes nothing.
 */
app.on('smsIncoming', async (request) => {
  const expected = (await integrationConfig()).smsIncomingKey;
  if (!expected || !sameSecret(request.query.key ?? '', expected)) throw forbidden(onAirMessages.unknownSmsGateway);
  const form = new URLSearchParams(request.text);
  const field = (name: string, max: number) => (form.get(name) ?? '').slice(0, max);
  const sms: InboundSms =
    !form.has('from') && form.has('phoneNumber')
      ? { kind: 'opt-out', phoneNumber: field('phoneNumber', 32), senderId: field('senderId', 32) }
      : { kind: 'message', from: field('from', 32), text: field('text', 160), id: field('id', 80) };
  const outcome = await answerInboundSms(sms, request.now);
  if ('refused' in outcome) throw badRequest(outcome.refused);
  return { received: true as const };
});

export const handler = app.handler;
export const implementedRoutes = app.implemented;

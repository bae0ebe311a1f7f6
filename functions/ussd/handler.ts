import { timingSafeEqual } from 'node:crypto';
import { integrationConfig } from '../integrations/secrets';
import { forbidden, notFound } from '../lib/errors';
import { createHttpApp, reply } from '../lib/http-app';
import { logger } from '../lib/logger';
import { isUssdServer, ussdReply } from './menu';

const app = createHttpApp('ussd');

/**
 * USSD gateways (issue 5 item 3; Africa's Talking convention): a
 * form-encoded POST per keypress, answered in plain text starting `CON ` or
 * `END `. Each gateway proves itself with its own secret (`?key=`). Gateways
 * give us about 10 s; a failure still answers a polite `END`.
 */
app.on('ussd', async (request) => {
  const server = request.params.server ?? '';
  if (!isUssdServer(server)) throw notFound();
  const expected = (await integrationConfig()).ussd[server];
  if (!expected || !sameSecret(request.query.key ?? '', expected)) throw forbidden('Unknown USSD gateway.');

  const form = new URLSearchParams(request.text);
  const text = (form.get('text') ?? '').slice(0, 200);
  const phoneNumber = (form.get('phoneNumber') ?? '').slice(0, 32);
  const serviceCode = (form.get('serviceCode') ?? '').slice(0, 32);
  let answer: string;
  try {
    answer = await ussdReply({ server, phoneNumber, serviceCode, text, now: request.now });
  } catch (error) {
    logger.error('ussd reply failed', { server, error: String(error) });
    answer = 'END Sorry, something went wrong. Please try again in a few minutes.';
  }
  return reply(200, answer, { contentType: 'text/plain; charset=utf-8' });
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const handler = app.handler;
export const implementedRoutes = app.implemented;

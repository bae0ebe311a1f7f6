import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playEndpoints } from '@shared/api/endpoints/play';
import { messages } from '@shared/messages';
import { tooManyRequests } from '../../functions/platform/errors';
import { createHttpApp } from '../../functions/platform/http-app';
import { anHttpApiEvent } from '../support/http-api-event';
import { staffSessions } from '../../functions/modules/staff/session-lookup';

/**
 * A route's body is parsed by its contract when the handler first reads it
 * (functions/platform/http-app.ts): the handler's own refusals that come before the
 * read keep their order (DESIGN section 5), an invalid body is a 400 from the
 * read, and a handler that answers 2xx without reading the body its contract
 * names is a bug that answers 500 rather than letting the body go unchecked.
 * Exercised on the real ticket-check route's contract, in process.
 */
const PATH = playEndpoints.dailyTicketVerification.path;
const TICKET = '12345678901234';

const post = (body: string) =>
  anHttpApiEvent(
    'POST',
    PATH,
    { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    { body, sourceIp: '203.0.113.9' },
  );

const answerOf = async (app: ReturnType<typeof createHttpApp<'public'>>, body: string) => {
  const response = await app.handler(post(body), {} as Context);
  return { status: response.statusCode, body: JSON.parse(response.body ?? '{}') as Record<string, unknown> };
};

const checked = { message: 'checked' } as never;

afterEach(() => vi.unstubAllEnvs());

describe('a route body, read by its handler', () => {
  it("keeps the handler's own earlier refusal first: a rate-limited caller with a bad body is told 429", async () => {
    vi.stubEnv('LOCAL_STACK', '1');
    const app = createHttpApp('public', staffSessions, playEndpoints);
    app.on('dailyTicketVerification', () => {
      throw tooManyRequests(messages.limits.ticketChecks);
    });
    expect(await answerOf(app, '{"ticket_number": 5')).toEqual({
      status: 429,
      body: { error: messages.limits.ticketChecks },
    });
  });

  it('refuses a missing field or malformed JSON with 400 {error} from the read, before the handler goes on', async () => {
    vi.stubEnv('LOCAL_STACK', '1');
    const after: unknown[] = [];
    const app = createHttpApp('public', staffSessions, playEndpoints);
    app.on('dailyTicketVerification', (request) => {
      after.push(request.body.ticket_number);
      return checked;
    });
    expect(await answerOf(app, '{}')).toMatchObject({ status: 400, body: { error: 'Enter a ticket number.' } });
    expect(await answerOf(app, '{"ticket_number": 5')).toEqual({
      status: 400,
      body: { error: messages.http.malformedJson },
    });
    expect(after).toEqual([]);
    expect(await answerOf(app, JSON.stringify({ ticket_number: TICKET }))).toEqual({
      status: 200,
      body: { message: 'checked' },
    });
    expect(after).toEqual([TICKET]);
  });

  it('answers 500 when a handler answers 2xx without reading the body its contract names', async () => {
    vi.stubEnv('LOCAL_STACK', '1');
    const app = createHttpApp('public', staffSessions, playEndpoints);
    app.on('dailyTicketVerification', () => checked);
    const answer = await answerOf(app, JSON.stringify({ ticket_number: TICKET }));
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });
});

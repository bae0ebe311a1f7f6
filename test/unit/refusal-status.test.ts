import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { Context } from 'aws-lambda';
import { playEndpoints } from '@shared/api/endpoints/play';
import {
  Refusal,
  refuseConflict,
  refuseInvalid,
  refuseMissing,
  type RefusalKind,
} from '../../functions/platform/refusal';
import { errorResponse, REFUSAL_STATUS } from '../../functions/platform/http-responses';
import { conflict } from '../../functions/platform/errors';
import { createHttpApp } from '../../functions/platform/http-app';
import { staffSessions } from '../../functions/modules/staff/session-lookup';
import { anHttpApiEvent } from '../support/http-api-event';

/**
 * The status of each kind: the one the HTTP error it replaced in the use cases had (400 badRequest,
 * 401 sign-in's wrong email or password, 403 forbidden, 404 notFound, 409 conflict, 429 tooManyRequests, 503 the beacon's), so no answer changed.
 * Typed by kind: a kind added without a status here does not compile.
 */
const EXPECTED: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  limited: 429,
  unavailable: 503,
};
const KINDS = Object.keys(EXPECTED) as RefusalKind[];

describe('the kind to status table', () => {
  it('gives every kind its status, and no other kind', () => {
    expect(REFUSAL_STATUS).toEqual(EXPECTED);
  });

  it.each(
    KINDS,
  )('the HTTP app answers a handler that throws a %s refusal with its status and {error, fields}', async (kind) => {
    vi.stubEnv('LOCAL_STACK', '1');
    const app = createHttpApp('public', staffSessions, playEndpoints);
    app.on('dailyTicketVerification', () => {
      throw new Refusal(kind, `refused: ${kind}`, { ticket_number: kind });
    });
    const event = anHttpApiEvent(
      'POST',
      playEndpoints.dailyTicketVerification.path,
      { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      { body: '{}', sourceIp: '203.0.113.9' },
    );
    const response = await app.handler(event, {} as Context);
    expect(response.statusCode).toBe(EXPECTED[kind]);
    expect(JSON.parse(response.body ?? '')).toEqual({ error: `refused: ${kind}`, fields: { ticket_number: kind } });
  });
});

afterEach(() => vi.unstubAllEnvs());

/** A domain refusal is answered with its kind's status and the API's `{error, fields?}` body (DESIGN section 5). */
describe('a refusal over HTTP', () => {
  it.each([
    [refuseInvalid(messages.refusals.invalidCursor), 400, { error: messages.refusals.invalidCursor }],
    [refuseMissing(messages.refusals.promotionNotFound), 404, { error: messages.refusals.promotionNotFound }],
    [
      refuseConflict(messages.refusals.categoryExists, { category: 'Already exists' }),
      409,
      { error: messages.refusals.categoryExists, fields: { category: 'Already exists' } },
    ],
  ])('%s is answered %i', async (refusal, status, body) => {
    const response = errorResponse(refusal);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(body);
  });

  it('answers an HTTP error as before', async () => {
    const response = errorResponse(conflict(messages.http.changedMeanwhile));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: messages.http.changedMeanwhile });
  });

  it('answers anything else 500 without its text', async () => {
    const response = errorResponse(new Error('secret detail'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: messages.http.internal });
  });
});

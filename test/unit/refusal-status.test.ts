import { describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { refuseConflict, refuseInvalid, refuseMissing } from '../../functions/platform/refusal';
import { errorResponse } from '../../functions/platform/http-responses';
import { conflict } from '../../functions/platform/errors';

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

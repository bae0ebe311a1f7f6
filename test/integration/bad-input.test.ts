import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { ApiClient } from '../support/api';

/** Bad input gets a clear 4xx with {error} and never a 500 or a stack trace (DESIGN section 5). */
describe('bad input', () => {
  const client = new ApiClient();
  const login = (rawBody: string, headers: Record<string, string> = {}) =>
    client.request('POST', routes.adminLogin.path, undefined, {
      rawBody,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('malformed JSON → 400 {error}', async () => {
    const response = await login('{"email": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: messages.http.malformedJson });
  });

  it('wrong types → 400 with a per-field list', async () => {
    const response = await login(JSON.stringify({ email: 42, password: ['x'] }));
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty('email');
    expect(response.body.fields).toHaveProperty('password');
  });

  it('an invalid email → 400 naming the field', async () => {
    const response = await login(JSON.stringify({ email: 'not-an-email', password: 'x' }));
    expect(response.status).toBe(400);
    expect(response.body.fields.email).toBe('Enter a valid email address');
  });

  it('an oversized body → 413 {error}', async () => {
    const response = await login(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: messages.http.tooLarge });
  });

  it('an unknown route → 404 {error}', async () => {
    for (const path of ['/api/v1/no-such-thing', '/api/v2/health', '/api/v1/auth/admin/login/extra']) {
      const response = await client.request('GET', path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: messages.http.notFound });
    }
  });

  it('a known path with the wrong method → 404 {error}, as API Gateway answers', async () => {
    const response = await client.request('DELETE', routes.health.path);
    expect(response.status).toBe(404);
    expect(response.body.error).toBeTypeOf('string');
  });

  it('a non-JSON content type with a JSON-looking body is still validated, not crashed', async () => {
    const response = await client.request('POST', routes.adminLogin.path, undefined, {
      rawBody: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(400);
  });

  it('never answers 500 to arbitrary login bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ email: v, password: v })),
        ),
        async (body) => {
          const response = await login(body);
          expect([400, 401, 429]).toContain(response.status);
          expect(response.body).toHaveProperty('error');
          expect(response.text).not.toMatch(/at .*\.ts:\d+/);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('health', () => {
  it('GET /api/v1/health → {status: "ok"} while the table is reachable', async () => {
    const response = await new ApiClient().call(routes.health);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

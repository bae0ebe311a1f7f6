import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiRequest, errorMessage } from '@web/lib/api-client';
import { json, offline, stubFetch } from './support/fetch';

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends GETs same-origin without the CSRF header', async () => {
    const { requests } = stubFetch(() => json(200, { ok: true }));
    expect(await apiGet('/api/v1/health')).toEqual({ ok: true });
    expect(requests[0]!.credentials).toBe('same-origin');
    expect(requests[0]!.headers.has('X-Requested-With')).toBe(false);
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('marks every %s with X-Requested-With (CSRF rule)', async (method) => {
    const { requests } = stubFetch(() => json(200, {}));
    await apiRequest(method, '/api/v1/x', { body: { a: 1 } });
    expect(requests[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]!.credentials).toBe('same-origin');
    expect(requests[0]!.body).toEqual({ a: 1 });
  });

  it('turns an error response into an ApiError carrying the server text', async () => {
    stubFetch(() => json(409, { error: 'Draw already done.', fields: { a: 'x' } }));
    const error = await apiPost('/api/v1/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, serverMessage: 'Draw already done.' });
    expect(errorMessage(error, 'fallback')).toBe('Draw already done.');
  });

  it('has no server text for an error without a JSON body, or with a blank one', async () => {
    stubFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const html = await apiGet('/x').catch((e: unknown) => e);
    expect(html).toMatchObject({ status: 502, serverMessage: null });
    expect(errorMessage(html, 'fallback')).toBe('fallback');

    stubFetch(() => json(400, { error: '  ' }));
    expect(await apiGet('/x').catch((e: unknown) => e)).toMatchObject({ status: 400, serverMessage: null });
  });

  it('reports a request that never reached a server as status 0', async () => {
    stubFetch(() => offline());
    expect(await apiGet('/x').catch((e: unknown) => e)).toMatchObject({ status: 0, serverMessage: null });
  });

  it('reads an empty success body as null', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    expect(await apiPost('/x', undefined)).toBeNull();
  });
});

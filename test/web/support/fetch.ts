import { vi } from 'vitest';

/** One request the page made, as the network would see it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export type Responder = (request: SeenRequest) => Response | Promise<Response>;

/**
 * Replaces the global `fetch` — the only boundary the web crosses — with a
 * responder, and records every request. There is no server in component
 * tests; everything inside the page (API client, hooks) runs for real.
 */
export function stubFetch(responder: Responder) {
  const requests: SeenRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : null;
    const request: SeenRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: text === null ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    return responder(request);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** What fetch does when the phone has no connection. */
export function offline(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** A response that never arrives (to observe in-flight states). */
export function never(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

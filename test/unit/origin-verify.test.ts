import { platformEndpoints } from '@shared/api/endpoints/platform';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { ApiError } from '../../functions/platform/errors';
import { clientAddress, createHttpApp, type RouteRequest } from '../../functions/platform/http-app';
import { cameThroughSite, forgetOriginSecret, requireSiteOrigin } from '../../functions/platform/origin-verify';
import { handler as wsHandler, type WebSocketEvent } from '../../functions/lambdas/ws';
import { anHttpApiEvent } from '../support/http-api-event';
import { staffSessions } from '../../functions/modules/staff/session-lookup';

/**
 * DESIGN section 7: behind CloudFront the API answers only requests that carry
 * the origin-verify value CloudFront adds, and only those may name the client's
 * address (CloudFront-Viewer-Address). The value is read from Secrets Manager
 * through the Parameters and Secrets Lambda Extension, stood in for here by a
 * localhost server answering like it (the extension exists only inside Lambda).
 */

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:raffle/origin-verify-AbCdEf';
const CURRENT = 'Zq8vN2rT5wXy7bLc4mKp9sDf3gHj6kQe';
const PREVIOUS = 'Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9Jj0Kk';

/** A stand-in for the extension: the current value, and the previous one when a rotation is under way. */
async function aSecretsExtension(versions: { current: string; previous?: string }) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.search);
    const ok =
      url.searchParams.get('secretId') === ARN && req.headers['x-aws-parameters-secrets-token'] === 'the-session-token';
    const stage = url.searchParams.get('versionStage') ?? 'AWSCURRENT';
    const value = stage === 'AWSCURRENT' ? versions.current : stage === 'AWSPREVIOUS' ? versions.previous : undefined;
    if (!ok || value === undefined) {
      res.writeHead(400).end(`ResourceNotFoundException: no version with staging label ${stage}`);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ARN, SecretString: value }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let extension: Awaited<ReturnType<typeof aSecretsExtension>> | undefined;

async function inAws(versions: { current: string; previous?: string }) {
  extension = await aSecretsExtension(versions);
  vi.stubEnv('LOCAL_STACK', '');
  vi.stubEnv('ORIGIN_VERIFY_SECRET_ARN', ARN);
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
  vi.stubEnv('AWS_SESSION_TOKEN', 'the-session-token');
}

afterEach(async () => {
  vi.unstubAllEnvs();
  forgetOriginSecret();
  await extension?.close();
  extension = undefined;
});

async function refusal(headers: Record<string, string | undefined>): Promise<unknown> {
  return requireSiteOrigin(headers).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('the origin-verify check in AWS', () => {
  it('accepts a request carrying the value CloudFront adds, whatever the header name case', async () => {
    await inAws({ current: CURRENT });
    expect(await cameThroughSite({ 'x-origin-verify': CURRENT })).toBe(true);
    expect(await cameThroughSite({ 'X-Origin-Verify': CURRENT })).toBe(true);
    expect(await refusal({ 'x-origin-verify': CURRENT })).toBeUndefined();
  });

  it('refuses a request without it, or with any other value, with a 403 {error}', async () => {
    await inAws({ current: CURRENT });
    for (const headers of [
      {},
      { 'x-origin-verify': '' },
      { 'x-origin-verify': 'guess' },
      { 'x-origin-verify': CURRENT.slice(0, -1) },
      { 'x-origin-verify': `${CURRENT}x` },
      { 'x-origin-verify': `guess,${CURRENT}` },
    ]) {
      expect(await cameThroughSite(headers), JSON.stringify(headers)).toBe(false);
      const error = await refusal(headers);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 403, message: messages.http.notThroughSite });
    }
  });

  it('accepts the previous value as well while a rotation is under way, and only then', async () => {
    await inAws({ current: CURRENT, previous: PREVIOUS });
    expect(await cameThroughSite({ 'x-origin-verify': PREVIOUS })).toBe(true);
    expect(await cameThroughSite({ 'x-origin-verify': CURRENT })).toBe(true);
    await extension!.close();
    vi.unstubAllEnvs();
    forgetOriginSecret();
    await inAws({ current: CURRENT });
    expect(await cameThroughSite({ 'x-origin-verify': PREVIOUS })).toBe(false);
    expect(await cameThroughSite({ 'x-origin-verify': CURRENT })).toBe(true);
  });

  it('reads the secret once for many requests (one warm Lambda), asking for the current and previous versions', async () => {
    await inAws({ current: CURRENT });
    await Promise.all([
      cameThroughSite({ 'x-origin-verify': CURRENT }),
      cameThroughSite({}),
      cameThroughSite({ 'x-origin-verify': 'x' }),
    ]);
    await cameThroughSite({ 'x-origin-verify': CURRENT });
    expect(extension!.requests.map((q) => new URLSearchParams(q).get('versionStage')).sort()).toEqual([
      'AWSPREVIOUS',
      null,
    ]);
  });

  it('fails rather than opening up when the secret cannot be read or is not configured', async () => {
    await inAws({ current: CURRENT });
    vi.stubEnv('AWS_SESSION_TOKEN', 'a-wrong-token');
    await expect(cameThroughSite({ 'x-origin-verify': CURRENT })).rejects.toThrow(/origin-verify secret failed: 400/);
    forgetOriginSecret();
    vi.stubEnv('ORIGIN_VERIFY_SECRET_ARN', '');
    await expect(cameThroughSite({ 'x-origin-verify': CURRENT })).rejects.toThrow(/ORIGIN_VERIFY_SECRET_ARN/);
  });
});

describe('the origin-verify check on the local stack', () => {
  it('accepts every request without asking for a secret (there is no CloudFront in front)', async () => {
    extension = await aSecretsExtension({ current: CURRENT });
    vi.stubEnv('LOCAL_STACK', '1');
    vi.stubEnv('ORIGIN_VERIFY_SECRET_ARN', '');
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(extension.port));
    expect(await cameThroughSite({})).toBe(true);
    expect(await refusal({})).toBeUndefined();
    expect(extension.requests).toEqual([]);
  });
});

/** GET /api/v1/health as API Gateway hands it to the public Lambda. */
const healthEvent = (headers: Record<string, string>) => anHttpApiEvent('GET', platformEndpoints.health.path, headers);

describe('an HTTP API function in AWS', () => {
  const appSeeing = (seen: RouteRequest[]) => {
    const app = createHttpApp('public', staffSessions, platformEndpoints);
    app.on('health', (request) => {
      seen.push(request);
      return { status: 'ok' };
    });
    return app;
  };

  it('answers 403 {error} before any route logic when the origin-verify header is missing or wrong', async () => {
    await inAws({ current: CURRENT });
    const seen: RouteRequest[] = [];
    const app = appSeeing(seen);
    for (const headers of [{}, { 'x-origin-verify': 'guess' }] as Array<Record<string, string>>) {
      const response = await app.handler(
        healthEvent({ ...headers, 'cloudfront-viewer-address': '203.0.113.7:4321' }),
        {} as Context,
      );
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body!)).toEqual({ error: messages.http.notThroughSite });
    }
    expect(seen).toEqual([]);
  });

  it('serves a request that came through CloudFront, taking the client address from CloudFront-Viewer-Address', async () => {
    await inAws({ current: CURRENT });
    const seen: RouteRequest[] = [];
    const response = await appSeeing(seen).handler(
      healthEvent({ 'x-origin-verify': CURRENT, 'cloudfront-viewer-address': '[2001:db8::7]:4321' }),
      {} as Context,
    );
    expect(response.statusCode).toBe(200);
    expect(seen.map((r) => r.sourceIp)).toEqual(['2001:db8::7']);
  });

  it('trusts CloudFront-Viewer-Address only beside the right origin-verify value', async () => {
    await inAws({ current: CURRENT });
    await cameThroughSite({});
    expect(
      clientAddress({ 'x-origin-verify': CURRENT, 'cloudfront-viewer-address': '203.0.113.7:4321' }, '130.176.1.1'),
    ).toBe('203.0.113.7');
    expect(
      clientAddress({ 'x-origin-verify': 'guess', 'cloudfront-viewer-address': '203.0.113.7:4321' }, '130.176.1.1'),
    ).toBe('130.176.1.1');
    expect(clientAddress({ 'cloudfront-viewer-address': '203.0.113.7:4321' }, '130.176.1.1')).toBe('130.176.1.1');
  });
});

describe('the WebSocket function in AWS', () => {
  it('refuses a $connect that did not come through CloudFront, before recording anything', async () => {
    await inAws({ current: CURRENT });
    for (const headers of [
      { Origin: 'https://raffle.example' },
      { Origin: 'https://raffle.example', 'X-Origin-Verify': 'guess' },
    ]) {
      const event = {
        requestContext: { routeKey: '$connect', connectionId: 'c-1', domainName: 'ws.example', stage: 'ws' },
        headers,
      } as unknown as WebSocketEvent;
      expect(await wsHandler(event, {} as Context)).toEqual({ statusCode: 403, body: messages.http.notThroughSite });
    }
  });
});

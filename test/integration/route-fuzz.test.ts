import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, pathParamsOf, routes, type RouteName, type RouteSpec } from '@shared/api/routes';
import { messages } from '@shared/messages';
import type { StaffUser } from '../../functions/modules/staff';
import { ApiClient } from '../support/api';
import { aSuperAdmin, signedIn } from '../support/fixtures';
import { sharedStack } from '../support/stack-target';

/**
 * DESIGN section 7: no input stops the product. Walks THE routing table, as
 * an anonymous caller and as a signed-in super admin (with the CSRF header),
 * with malformed path parameters, bodies and headers: never a 5xx, every
 * error is JSON {error: string}, and the stack answers afterwards.
 */

// a viewer address of its own (trusted on the local stack), so refused sign-ins here count against no other test's limit
const VIEWER = { 'cloudfront-viewer-address': '198.51.100.77:4321' };
const ODD_SEGMENTS = [
  '%C0%AF%',
  '%00',
  'x'.repeat(4000),
  encodeURIComponent('🎟️ ünï 中文'),
  '..',
  '%2F..%2F\'"<script>',
];

let admin: StaffUser;
let adminClient: ApiClient;

beforeAll(async () => {
  admin = await aSuperAdmin();
  adminClient = await signedIn(admin);
});

type Caller = 'anonymous' | 'admin';
const callers: Caller[] = ['anonymous', 'admin'];
const clientOf = (caller: Caller) => (caller === 'admin' ? adminClient : new ApiClient());

/** The route's path with each parameter replaced (raw, not encoded); `:id` is the admin's own id unless `all` is set. */
function pathWith(spec: RouteSpec, value: string, all = true): string {
  let path = spec.path;
  for (const name of pathParamsOf(spec)) path = path.replace(`:${name}`, !all && name === 'id' ? admin.id : value);
  return path;
}

/** A request's problem, if any: a 5xx, or an error whose body is not {error: string}. */
function problemOf(label: string, status: number, text: string): string | undefined {
  if (status >= 500) return `${label} → ${status} ${text.slice(0, 200)}`;
  if (status < 400) return undefined;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' && body.error.length > 0
      ? undefined
      : `${label} → ${status} without {error}: ${text.slice(0, 200)}`;
  } catch {
    return `${label} → ${status} not JSON: ${text.slice(0, 200)}`;
  }
}

/** Run the requests a few at a time (the machine is shared) and collect every problem. */
async function problemsOf(requests: Array<() => Promise<string | undefined>>, concurrency = 6): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const problem = await requests[next++]!();
        if (problem) problems.push(problem);
      }
    }),
  );
  return problems;
}

async function send(
  caller: Caller,
  method: string,
  path: string,
  rawBody?: string,
  headers: Record<string, string> = {},
) {
  const response = await clientOf(caller).request(method, path, undefined, {
    ...(rawBody !== undefined && method !== 'GET' ? { rawBody } : {}),
    headers: { ...VIEWER, ...(rawBody !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
  });
  return problemOf(
    `${caller} ${method} ${path.slice(0, 120)}${rawBody !== undefined ? ` body ${rawBody.slice(0, 60)}` : ''}`,
    response.status,
    response.text,
  );
}

const ordered = allRoutes;
const withParams = ordered.filter(([, spec]) => pathParamsOf(spec).length > 0);
const writes = ordered.filter(([, spec]) => spec.method !== 'GET');
/** Sign-outs would end the admin's session for every later request: only anonymous callers fuzz them. */
const callersOf = (name: RouteName): Caller[] => (/ogout$/.test(name) ? ['anonymous'] : callers);
/** Who gets past the route's guard to its body: the admin on staff routes, anyone elsewhere. */
const bodyCallerOf = (name: RouteName, spec: RouteSpec): Caller =>
  spec.access.kind === 'staff' && !/ogout$/.test(name) ? 'admin' : 'anonymous';

describe('malformed percent-encoding in a path parameter', () => {
  it('is a 400 {error} on every route with path parameters, anonymous or signed in', async () => {
    expect(withParams.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    const requests = withParams.flatMap(([name, spec]) =>
      callersOf(name).flatMap((caller) =>
        ['%E0%A4%A', '%', '%20'].map((bad) => async () => {
          const response = await clientOf(caller).request(spec.method, pathWith(spec, bad), {}, { headers: VIEWER });
          if (response.status !== 400 || response.body?.error !== messages.http.malformedRequest) {
            wrong.push(`${name} ${caller} ${bad} → ${response.status} ${response.text.slice(0, 100)}`);
          }
          return undefined;
        }),
      ),
    );
    await problemsOf(requests);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('route fuzz over the routing table', () => {
  it('malformed path parameters never get a 5xx, and errors are {error}', async () => {
    const body = (spec: RouteSpec) => (spec.method === 'GET' ? undefined : '{}');
    const requests = withParams.flatMap(([name, spec]) =>
      ODD_SEGMENTS.flatMap((value) => [
        () => send(bodyCallerOf(name, spec), spec.method, pathWith(spec, value), body(spec)),
        // with the admin's own id, a bad value in another parameter reaches the handler
        ...(bodyCallerOf(name, spec) === 'admin' && pathParamsOf(spec).length > 1
          ? [() => send('admin', spec.method, pathWith(spec, value, false), body(spec))]
          : []),
      ]),
    );
    expect(await problemsOf(requests)).toEqual([]);
  }, 120_000);

  it('malformed bodies never get a 5xx, and errors are {error}', async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const bodies = [
      'not json {',
      'null',
      '[]',
      '"a string"',
      '42',
      deep(5000),
      `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
      '{"__proto__": {"superAdmin": true}, "constructor": {"prototype": {"polluted": true}}}',
      JSON.stringify({ id: {}, username: [], email: 1, password: null, amount: { $gt: 0 }, partner: [1], title: true }),
      JSON.stringify({ id: 'x'.repeat(60 * 1024), username: 'y', promotion_title: 'z' }),
      JSON.stringify({ id: 'x'.repeat(70 * 1024) }),
      '\u0000\u0001\u0002\uFEFF{}',
    ];
    const requests = writes.flatMap(([name, spec]) =>
      bodies.map((body) => () => send(bodyCallerOf(name, spec), spec.method, pathWith(spec, 'fuzz-x', false), body)),
    );
    expect(await problemsOf(requests)).toEqual([]);
  }, 120_000);

  it('generated bodies (fast-check, fixed seed) never get a 5xx, and errors are {error}', async () => {
    const fieldNames = [
      'id',
      'username',
      'email',
      'password',
      'search_string',
      'partner',
      'promotion',
      'promotion_title',
      'amount',
      'mobile_number',
      'shared_code',
      'category',
      'question',
      'partnerUsername',
      'reference',
      'status',
      'text',
    ];
    const body = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .dictionary(fc.constantFrom(...fieldNames), fc.jsonValue(), { maxKeys: 6 })
        .map((value) => JSON.stringify(value)),
      fc.string({ unit: 'binary', maxLength: 200 }),
    );
    const samples = fc.sample(body, { seed: 20261125, numRuns: 4 * writes.length });
    const requests = writes.flatMap(([name, spec], i) =>
      samples
        .slice(i * 4, i * 4 + 4)
        .map((sample) => () => send(bodyCallerOf(name, spec), spec.method, pathWith(spec, 'fuzz-x', false), sample)),
    );
    expect(await problemsOf(requests)).toEqual([]);
  }, 120_000);

  it('odd headers never get a 5xx, and errors are {error}', async () => {
    const headerSets: Array<Record<string, string>> = [
      { cookie: '__Host-session=%%%; __Host-session=; a=b=c; =;;' },
      { cookie: `__Host-session=${'z'.repeat(4000)}` },
      { 'content-type': 'application/json; charset=utf-16' },
      { 'content-type': 'application/octet-stream' },
      { 'x-forwarded-proto': 'not a scheme' },
      { host: 'exa mple.test' },
      { 'cloudfront-viewer-address': '[::1' },
      { 'x-long': 'h'.repeat(8000), 'x-requested-with': '' },
    ];
    const requests = ordered.flatMap(([name, spec]) =>
      headerSets.map(
        (headers) => () =>
          send(
            bodyCallerOf(name, spec),
            spec.method,
            pathWith(spec, 'fuzz-x', false),
            spec.method === 'GET' ? undefined : '{}',
            headers,
          ),
      ),
    );
    const duplicated = ordered
      .filter(([name]) => !/ogout$/.test(name))
      .map(
        ([name, spec]) =>
          () =>
            duplicateHeaders(name, spec),
      );
    expect(await problemsOf([...requests, ...duplicated])).toEqual([]);
  }, 120_000);

  it('still answers afterwards', async () => {
    const health = await new ApiClient().call(routes.health);
    expect(health.status).toBe(200);
    const me = await (await signedIn(admin)).call(routes.me);
    expect(me.status).toBe(200);
  });
});

/** Duplicate cookie, content-type and CSRF headers (fetch would merge them; node:http sends them as given). */
function duplicateHeaders(name: RouteName, spec: RouteSpec): Promise<string | undefined> {
  const url = new URL(pathWith(spec, 'fuzz-x', false), sharedStack().baseUrl);
  const body = spec.method === 'GET' ? '' : '{"id":"x"}';
  const headers = [
    'host',
    url.host,
    'cookie',
    adminClient.sessionCookie ?? '__Host-session=x',
    'cookie',
    '__Host-session=other',
    'content-type',
    'application/json',
    'content-type',
    'text/html',
    'x-requested-with',
    'XMLHttpRequest',
    'x-requested-with',
    'XMLHttpRequest',
    'cloudfront-viewer-address',
    VIEWER['cloudfront-viewer-address'],
    'content-length',
    String(Buffer.byteLength(body)),
  ];
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: spec.method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(problemOf(`duplicate headers ${name}`, res.statusCode ?? 0, text)));
    });
    req.on('error', reject);
    req.end(body);
  });
}

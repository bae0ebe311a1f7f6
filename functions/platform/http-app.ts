import { Router } from '@aws-lambda-powertools/event-handler/http';
import type { Middleware, RequestContext } from '@aws-lambda-powertools/event-handler/types';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteName, RouteNameOf, Routes } from '@shared/api/routes';
import type { BodyOut, HttpDomain, QueryOut, ResponseIn, RouteSpec } from '@shared/api/route-spec';
import { messages } from '@shared/messages';
import { clock } from './clock';
import { ApiError, badRequest } from './errors';
import { authorize, needsCsrfHeader, type Principal } from './guard';
import { requireFields, validate } from './validate';
import { logger } from './logger';
import { isReply, jsonResponse, routingErrorResponse, type Reply } from './http-responses';
import { provesSiteOrigin, requireSiteOrigin } from './origin-verify';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { withInvocationTime } from './call-time';

/** Largest request body we read; bigger is a 413 before any parsing. */
const MAX_BODY_BYTES = 64 * 1024;

/** What every handler is given: the request, already guarded (session, access rule, CSRF, size). */
export interface GuardedRequest {
  params: Record<string, string>;
  headers: Record<string, string>;
  /** Raw body text ('' when none): for callers whose body is not JSON (USSD gateways, provider callbacks). */
  text: string;
  /** Signed-in staff user and session (present on staff routes, maybe on others). */
  user: Principal | undefined;
  session: { sessionKey: string } | undefined;
  sourceIp: string;
  now: Date;
  event: APIGatewayProxyEventV2;
}

/** A route's request: guarded, with the body and query its contract names parsed and validated. */
export interface RouteRequest<S extends RouteSpec = RouteSpec> extends GuardedRequest {
  /**
   * Parsed on first read, so a handler's own refusals that come before it
   * (rate limit, Idempotency-Key, an unknown id) keep their order; an invalid
   * body throws its 400 from the read. A route whose contract names a body
   * must read it before a 2xx answer.
   */
  body: BodyOut<S>;
  query: QueryOut<S>;
}

/** Requests whose handler has read the body (the check that a contract's body is never ignored). */
const bodiesRead = new WeakSet<GuardedRequest>();

/**
 * A refusal that carries more than `{error}`, as a 4xx/5xx `reply(...)`: e.g. a payment's 409 or 502
 * with its payouts as they stand (DESIGN section 5). The contract's response names the 2xx answer only.
 */
type RefusalReply = Reply<{ readonly error: string }>;

/** What a route's handler answers: its contract's response, as a 200 or in a `reply(...)`, or a refusal. */
type Answer<S extends RouteSpec> = ResponseIn<S> | Reply<ResponseIn<S>> | RefusalReply;
type RouteHandler<S extends RouteSpec> = (request: RouteRequest<S>) => Promise<Answer<S>> | Answer<S>;

/** One domain's HTTP app, as given to the modules that register its routes. */
export interface HttpApp<D extends HttpDomain = HttpDomain> {
  /**
   * Wire a route of the routing table: method, path, access rule and contract
   * come from its spec. `handle` gets the parsed body and query and must
   * answer the contract's response; a route of another domain, or a wrong
   * shape, does not compile.
   */
  on<N extends RouteNameOf<D>>(name: N, handle: RouteHandler<Routes[N]>): void;
  /** The Lambda entry point. */
  handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2>;
  implemented(): Set<RouteName>;
  readonly domain: D;
}

/**
 * The cookies a handler set, by event: Powertools' API Gateway v2 answer
 * keeps one Set-Cookie header only, so they go out in the result's own
 * `cookies` list, every one of them (a sign-in sets two: DESIGN section 7).
 */
const repliedCookies = new WeakMap<object, readonly string[]>();

function withCookies(
  result: APIGatewayProxyStructuredResultV2,
  cookies: readonly string[] | undefined,
): APIGatewayProxyStructuredResultV2 {
  if (!cookies || cookies.length === 0) return result;
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'set-cookie'),
  );
  return { ...result, headers, cookies: [...cookies] };
}

/**
 * Where the app finds the staff session a request's cookies name, and its
 * user (modules/staff supplies it; each Lambda composes it in). Undefined when
 * there is none, it has ended, or its user may no longer use it (disabled, or
 * credentials changed since the sign-in: DESIGN section 7).
 */
export type SessionLookup = (
  cookies: string | string[] | undefined,
  now: Date,
) => Promise<{ session: { sessionKey: string }; user: Principal } | undefined>;

/** The request store each route's guard fills for its handler. */
type AppEnv = { store: { request: { guarded: RouteRequest<RouteSpec> } } };

/** Endpoint tables (shared/api/endpoints/*.ts): a domain passes the ones holding its routes. */
type RouteTable = Readonly<Record<string, RouteSpec>>;

/**
 * One HTTP app per domain Lambda, on Powertools' Router: a global middleware
 * proves the site's origin, each route's middleware guards and parses its
 * request from the routing table, and one error handler turns every failure
 * into {error} with its status (DESIGN section 5). A domain must implement
 * exactly its routes (checked by tests).
 */
export function createHttpApp<const D extends HttpDomain>(
  domain: D,
  sessions: SessionLookup,
  ...tables: RouteTable[]
): HttpApp<D> {
  const router = new Router<AppEnv>({ logger });
  const implemented = new Set<RouteName>();
  const specs = new Map<string, RouteSpec>(tables.flatMap((table) => Object.entries(table)));

  router.notFound(async () => jsonResponse(404, { error: messages.http.notFound }));
  router.methodNotAllowed(async () => jsonResponse(405, { error: messages.http.methodNotAllowed }));
  router.errorHandler(Error, async (error) => routingErrorResponse(error));
  router.use(async ({ reqCtx, next }) => {
    await requireSiteOrigin((reqCtx.event as APIGatewayProxyEventV2).headers ?? {});
    await next();
  });

  function on<N extends RouteNameOf<D>>(name: N, handle: RouteHandler<Routes[N]>): void {
    const spec = specs.get(name);
    if (!spec) throw new Error(`route ${name} is not in the tables given to the ${domain} app`);
    if (spec.domain !== domain) throw new Error(`route ${name} belongs to ${spec.domain}, not ${domain}`);
    implemented.add(name);
    router.route(
      async (ctx: RequestContext<AppEnv>) => {
        const request = ctx.get('guarded') as RouteRequest<Routes[N]>;
        const result = await handle(request);
        if (isReply(result) && result.cookies) repliedCookies.set(ctx.event as object, result.cookies);
        const response = isReply(result)
          ? jsonResponse(result.status, result.body, result.cookies, result.contentType, result.sharedCacheSeconds)
          : jsonResponse(200, result ?? {});
        if (spec.body && response.ok && !bodiesRead.has(request)) {
          // a bug in the handler: whatever the body said went unchecked
          throw new Error(`route ${name} answered ${response.status} without reading the body its contract names`);
        }
        return response;
      },
      { method: spec.method, path: spec.path as `/${string}`, middleware: [guard(spec, sessions)] },
    );
  }

  async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
    logger.addContext(context);
    try {
      // its provider calls end before the function does, and the answer beats the gateway's ~10 s (DESIGN section 8)
      const result = await withInvocationTime(TIME_BUDGETS[domain], context, () => router.resolve(event, context));
      return withCookies(result, repliedCookies.get(event));
    } catch (error) {
      // the router itself failed (e.g. an unreadable event): still answer {error}
      const response = routingErrorResponse(error);
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
      };
    }
  }

  return { on, handler, implemented: () => new Set(implemented), domain };
}

/** A route's middleware: the request guarded by its access rule, its query parsed by its contract (its body on first read). */
function guard(spec: RouteSpec, sessions: SessionLookup): Middleware<AppEnv> {
  return async ({ reqCtx, next }) => {
    reqCtx.set('guarded', await buildRequest(reqCtx as RequestContext<AppEnv>, spec, sessions));
    await next();
  };
}

async function buildRequest(
  ctx: RequestContext<AppEnv>,
  spec: RouteSpec,
  sessions: SessionLookup,
): Promise<RouteRequest<RouteSpec>> {
  const event = ctx.event as APIGatewayProxyEventV2;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
  const method = event.requestContext.http.method.toUpperCase();

  if (needsCsrfHeader(spec.access, method) && !headers['x-requested-with']) {
    throw new ApiError(403, messages.auth.csrf);
  }

  const rawBody = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.byteLength(rawBody, 'base64') : Buffer.byteLength(rawBody, 'utf8');
  if (bytes > MAX_BODY_BYTES) throw new ApiError(413, messages.http.tooLarge);
  const text = event.isBase64Encoded ? Buffer.from(rawBody, 'base64').toString('utf8') : rawBody;

  const now = clock.now();
  const signedIn =
    spec.access.kind !== 'webhook' && spec.access.kind !== 'ussd'
      ? await sessions(event.cookies ?? headers.cookie, now)
      : undefined;
  const session = signedIn?.session;
  const user = signedIn?.user;

  const params = { ...ctx.params };
  authorize(spec.access, user, params);

  const rawQuery = Object.fromEntries(
    Object.entries(event.queryStringParameters ?? {}).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;

  const request = {
    params,
    query: spec.query ? validate(spec.query, rawQuery) : rawQuery,
    headers,
    text,
    user,
    session,
    sourceIp: clientAddress(headers, event.requestContext.http.sourceIp),
    now,
    event,
  } as RouteRequest<RouteSpec>;
  let parsed: { value: unknown } | undefined;
  Object.defineProperty(request, 'body', {
    enumerable: true,
    get: () => {
      bodiesRead.add(request);
      parsed ??= { value: spec.body ? bodyOf(spec, text) : undefined };
      return parsed.value;
    },
  });
  return request;
}

/** The JSON body checked by the route's contract: the spec's required fields first, then its schema. */
function bodyOf(spec: RouteSpec, text: string): unknown {
  const json = parseJson(text);
  const input = spec.required ? requireFields(json, spec.required.fields, spec.required.message) : json;
  return spec.body ? validate(spec.body, input, spec.invalidMessage) : input;
}

/** The body as JSON ({} when empty); a 400 'Malformed JSON body' when it is not JSON. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(messages.http.malformedJson);
  }
}

/**
 * The player's address. Behind CloudFront, API Gateway's sourceIp is the
 * edge's, so per-address limits would lump everyone together: CloudFront's
 * `CloudFront-Viewer-Address` is used instead, but only on requests that
 * prove they came through our distribution (its origin secret header) or on
 * the local stack — a direct caller cannot pick its own address.
 */
export function clientAddress(headers: Record<string, string>, sourceIp: string): string {
  const viewer = headers['cloudfront-viewer-address'];
  const trusted = provesSiteOrigin(headers);
  if (!viewer || !trusted) return sourceIp;
  // "203.0.113.7:46532" or "[2001:db8::1]:46532" → the address without its port
  const address = viewer.startsWith('[') ? viewer.slice(1, viewer.indexOf(']')) : viewer.replace(/:\d+$/, '');
  return address.length > 0 && address.length <= 45 ? address : sourceIp;
}

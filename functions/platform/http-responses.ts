import { ParameterValidationError } from '@aws-lambda-powertools/event-handler/http';
import { messages } from '@shared/messages';
import { Refusal, type RefusalKind } from './refusal';
import { isConditionFailure, isDatabaseUnavailable, isTransactionConflict } from './dynamo';
import { ApiError } from './errors';
import { logger } from './logger';

/**
 * What the HTTP app (./http-app.ts) answers: a handler's reply, and every
 * failure turned into {error} with its status (DESIGN section 5).
 */

/** A reply other than a plain 200 JSON body. */
export interface Reply<B = unknown> {
  readonly status: number;
  readonly body: B;
  readonly cookies?: readonly string[];
  readonly contentType?: string;
  /** A public answer a CDN may share for this many seconds (default: never cached). */
  readonly sharedCacheSeconds?: number;
}

const REPLY = Symbol('reply');
type TaggedReply = Reply & { [REPLY]: true };

export function reply<B>(
  status: number,
  body: B,
  extra: { cookies?: string[]; contentType?: string; sharedCacheSeconds?: number } = {},
): Reply<B> {
  return { [REPLY]: true, status, body, ...extra } as Reply<B>;
}
export const created = <B>(body: B) => reply(201, body);
/** Taken, to be finished beside the request (an entry whose payment prompt is still to go out). */
export const accepted = <B>(body: B) => reply(202, body);

export const isReply = (result: unknown): result is TaggedReply =>
  result !== null && typeof result === 'object' && REPLY in result;

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export function jsonResponse(
  status: number,
  body: unknown,
  cookies: readonly string[] = [],
  contentType?: string,
  sharedCacheSeconds?: number,
): Response {
  const headers = new Headers(SECURITY_HEADERS);
  // browsers always ask again; the CDN answers them for a few seconds (a live figure still moves visibly)
  if (sharedCacheSeconds !== undefined)
    headers.set('cache-control', `public, max-age=0, s-maxage=${sharedCacheSeconds}`);
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  if (contentType && typeof body === 'string') {
    headers.set('content-type', contentType);
    return new Response(body, { status, headers });
  }
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers });
}

/** The status each kind of domain refusal is answered with: the one table (DESIGN section 5). */
export const REFUSAL_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  limited: 429,
  unavailable: 503,
} as const satisfies Record<RefusalKind, number>;

export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError || error instanceof Refusal) {
    const status = error instanceof Refusal ? REFUSAL_STATUS[error.kind] : error.status;
    return jsonResponse(
      status,
      error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
    );
  }
  // a write lost a race that its handler did not name: the other writer won, nothing changed here
  if (isTransactionConflict(error) || isConditionFailure(error)) {
    return jsonResponse(409, { error: messages.http.changedMeanwhile });
  }
  // the database (or the network to it) is down: the caller may retry, nothing was our bug (DESIGN section 7)
  if (isDatabaseUnavailable(error)) {
    logger.warn('database unavailable', { error: (error as Error).message });
    return jsonResponse(503, { error: messages.http.unavailable });
  }
  logger.error('unhandled error', error as Error);
  return jsonResponse(500, { error: messages.http.internal });
}

/**
 * What the router answers when it fails before any handler runs. A path
 * parameter that is not valid percent-encoding (URIError) or is blank once
 * decoded, or a request URL that cannot be parsed, is the caller's mistake:
 * 400 {error}, never the router's default 500 (DESIGN section 7).
 */
export function routingErrorResponse(error: unknown): Response {
  const invalidUrl = (e: unknown) => (e as { code?: string } | null)?.code === 'ERR_INVALID_URL';
  const malformed =
    error instanceof URIError ||
    error instanceof ParameterValidationError ||
    invalidUrl(error) ||
    invalidUrl((error as { cause?: unknown } | null)?.cause);
  return malformed ? jsonResponse(400, { error: messages.http.malformedRequest }) : errorResponse(error);
}

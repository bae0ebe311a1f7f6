/**
 * Calls a route of the routing table (shared/api/routes/*.ts), typed by its
 * contract: the path's parameters, the body and query the route takes and
 * the answer it gives all come from the route's spec, and the answer is
 * checked against its response schema before a screen sees it. Import the
 * route from its area file (`@shared/api/routes/<area>`), not the whole
 * table, so a page ships only its own routes' schemas.
 */
import {
  type BodyIn,
  type ParamsOf,
  pathOf,
  type QueryIn,
  type ResponseOut,
  type RouteSpec,
} from '@shared/api/route-spec';
import { ApiError, apiRequest } from './api-client';

interface CallBase {
  signal?: AbortSignal;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving call (DESIGN section 5). */
  headers?: Record<string, string>;
}

/** The body is required exactly when the route reads one; a query only where the route names one. */
type CallOptions<S> = CallBase &
  (BodyIn<S> extends undefined ? { body?: undefined } : { body: BodyIn<S> }) &
  (QueryIn<S> extends undefined ? { query?: undefined } : { query?: QueryIn<S> });

type OptionsArg<S> = BodyIn<S> extends undefined ? [options?: CallOptions<S>] : [options: CallOptions<S>];

/** The server answered 2xx with something its route's contract does not allow. */
class ContractError extends ApiError {
  constructor(readonly route: string) {
    super(200, null);
    this.name = 'ContractError';
    this.message = `Unexpected answer from ${route}`;
  }
}

export async function callRoute<const S extends RouteSpec>(
  spec: S,
  params: ParamsOf<S>,
  ...[options]: OptionsArg<S>
): Promise<ResponseOut<S>> {
  const { query, ...request } = (options ?? {}) as CallBase & { body?: unknown; query?: QueryIn<S> };
  const answer = await apiRequest<unknown>(spec.method, routeUrl(spec, params, query), request);
  if (!spec.response) return answer as ResponseOut<S>;
  const parsed = spec.response.safeParse(answer);
  if (parsed.success) return parsed.data as ResponseOut<S>;
  console.error(`${spec.method} ${spec.path}: answer outside the contract`, parsed.error.issues);
  throw new ContractError(`${spec.method} ${spec.path}`);
}

/** A route's address with its path parameters and query (`?a=1`; blank and missing values left out). */
export function routeUrl<const S extends RouteSpec>(spec: S, params: ParamsOf<S>, query?: QueryIn<S>): string {
  const path = pathOf(spec, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

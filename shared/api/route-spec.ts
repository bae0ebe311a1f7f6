import type * as z from 'zod';
import type { Access } from './access';

export const HTTP_DOMAINS = [
  'public',
  'auth',
  'admin',
  'reports',
  'players',
  'support',
  'accounts',
  'payouts',
  'draws',
  'partner',
  'announcer',
  'webhooks',
  'ussd',
] as const;
export type HttpDomain = (typeof HTTP_DOMAINS)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The spec's "fill in all fields" rule: these body fields present and not blank, else a 400 with `message`. */
export interface RequiredFields {
  readonly fields: readonly string[];
  readonly message: string;
}

/** The required-fields rule with one of the spec's messages for it: `requiredWith(message)(['a', 'b'])`. */
export const requiredWith =
  (message: string) =>
  (fields: readonly string[]): RequiredFields => ({ fields, message });

/**
 * What a route takes: the server parses the query with these schemas before
 * the handler runs and the body when the handler reads it (a 400 {error,
 * fields} otherwise); the web's `callRoute` sends the body's input type.
 * An endpoint (endpoints/<area>.ts) names only these, so a Lambda bundles
 * the schemas it checks and no more.
 */
export interface RequestContract {
  /** The JSON body (a route without one reads none). */
  readonly body?: z.ZodType;
  /** The query string, as a record of strings. */
  readonly query?: z.ZodType;
  /** Checked before `body`, so a missing field gets the spec's own message. */
  readonly required?: RequiredFields;
  /** The spec's message for any invalid body (else the first problem's own message). */
  readonly invalidMessage?: string;
}

/**
 * ...and what it answers: the typed contract both ends are checked against
 * (routes/<area>.ts adds each endpoint's answer). The handler must return the
 * response's input type; `callRoute` parses the answer with it.
 */
interface RouteContract extends RequestContract {
  /** The 2xx answer. */
  readonly response?: z.ZodType;
}

/** One HTTP route: method, path (`:param` segments, under /api/v1), domain Lambda, access rule and contract. */
export interface RouteSpec extends RouteContract {
  readonly method: HttpMethod;
  readonly path: string;
  readonly domain: HttpDomain;
  readonly access: Access;
}

type BaseSpec<P extends string, D extends HttpDomain> = {
  readonly method: HttpMethod;
  readonly path: P;
  readonly domain: D;
  readonly access: Access;
};

/** An endpoint: `contract` names its body and query schemas (its answer is added by `withAnswers`). */
export function route<const P extends string, const D extends HttpDomain>(
  method: HttpMethod,
  path: P,
  domain: D,
  access: Access,
): BaseSpec<P, D>;
export function route<const P extends string, const D extends HttpDomain, const C extends RequestContract>(
  method: HttpMethod,
  path: P,
  domain: D,
  access: Access,
  contract: C & { readonly response?: never },
): BaseSpec<P, D> & C;
export function route(
  method: HttpMethod,
  path: string,
  domain: HttpDomain,
  access: Access,
  contract: RequestContract = {},
): RouteSpec {
  return { method, path, domain, access, ...contract };
}

/** Endpoints with the schema of each one's 2xx answer. */
export type WithAnswers<E, A> = {
  readonly [K in keyof E]: K extends keyof A ? E[K] & { readonly response: A[K] } : E[K];
};

/**
 * A table of routes for callers (the web, the tests, the routing table):
 * `endpoints` with each one's answer schema. Kept apart from the endpoints so
 * a Lambda, which answers but never parses its answers, bundles none of them.
 */
export function withAnswers<
  const E extends Readonly<Record<string, RouteSpec>>,
  const A extends { readonly [K in keyof E]?: z.ZodType },
>(endpoints: E, answers: A & Record<Exclude<keyof A, keyof E>, never>): WithAnswers<E, A> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, spec]) => {
      const response = (answers as Record<string, z.ZodType | undefined>)[name];
      return [name, response ? { ...spec, response } : spec];
    }),
  ) as WithAnswers<E, A>;
}

// ── the contract's types, read from a route's spec ──

/** `'/a/:id/b/:x'` → `'id' | 'x'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters a route needs, by name. */
export type ParamsOf<S extends { path: string }> = { [K in ParamNames<S['path']>]: string };

/** What a caller sends as the body (`undefined`: the route reads none). */
export type BodyIn<S> = S extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The body the handler receives, parsed. */
export type BodyOut<S> = S extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
/** What a caller sends in the query string. */
export type QueryIn<S> = S extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** The query the handler receives, parsed (raw strings when the route names no schema). */
export type QueryOut<S> = S extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, string>;
/** What the handler must answer. */
export type ResponseIn<S> = S extends { response: infer R extends z.ZodType } ? z.input<R> : unknown;
/** What the caller receives, parsed. */
export type ResponseOut<S> = S extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;

/** `/api/v1/admin/:id/x` + {id: 'u1'} → `/api/v1/admin/u1/x` (values URL-encoded). */
export function pathOf(spec: RouteSpec, params: Record<string, string> = {}): string {
  return spec.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(value);
  });
}

/** Path parameter names of a route, in order. */
export function pathParamsOf(spec: RouteSpec): string[] {
  return [...spec.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] as string);
}

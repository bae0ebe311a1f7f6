/**
 * What a use case, store or domain rule raises when it refuses a request:
 * what kind of refusal it is, in the domain's words, and the text the caller
 * is shown (shared/messages.ts). They know nothing of HTTP: the HTTP app
 * answers each kind with its status (REFUSAL_STATUS in
 * functions/platform/http-responses.ts, the one table), the USSD menu with an
 * ending screen. Only HTTP adapters (`*-http.ts`, `http.ts`) throw the HTTP
 * errors of ./errors.ts (a rule in .dependency-cruiser.cjs).
 */
export type RefusalKind =
  /** The request names something that cannot be (an unknown category, a bad cursor, an amount not offered). */
  | 'invalid'
  /** Who is asking could not be established (a wrong email or password: one answer for both). */
  | 'unauthenticated'
  /** The caller may not do this, though the request is well formed (an excluded number, an announcer not on duty). */
  | 'not-allowed'
  /** What the request names does not exist. */
  | 'not-found'
  /** The request clashes with the current state (taken, in use, changed meanwhile). */
  | 'conflict'
  /** Too many of these lately (payment prompts per number, address or platform): later, it may be accepted. */
  | 'limited'
  /** Something the answer depends on cannot answer now (the randomness beacon): the caller may retry. */
  | 'unavailable';

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** Per-field notes for a form, as the API's `fields`. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const refuseInvalid = (message: string, fields?: Record<string, string>): Refusal =>
  new Refusal('invalid', message, fields);
export const refuseMissing = (message: string): Refusal => new Refusal('not-found', message);
export const refuseConflict = (message: string, fields?: Record<string, string>): Refusal =>
  new Refusal('conflict', message, fields);
export const refuseNotAllowed = (message: string): Refusal => new Refusal('not-allowed', message);

export const isRefusal = (error: unknown, kind?: RefusalKind): error is Refusal =>
  error instanceof Refusal && (kind === undefined || error.kind === kind);

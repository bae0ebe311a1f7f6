/**
 * What the stores and domain rules raise when they refuse a request: what
 * kind of refusal it is, in the domain's words, and the text the caller is
 * shown (shared/messages.ts). They know nothing of HTTP: the HTTP app
 * answers each kind with its status (functions/platform/http-app.ts), the USSD
 * menu with an ending screen.
 */
export type RefusalKind =
  /** The request names something that cannot be (an unknown category, a bad cursor). */
  | 'invalid'
  /** What the request names does not exist. */
  | 'not-found'
  /** The request clashes with the current state (taken, in use, changed meanwhile). */
  | 'conflict';

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

export const isRefusal = (error: unknown, kind?: RefusalKind): error is Refusal =>
  error instanceof Refusal && (kind === undefined || error.kind === kind);

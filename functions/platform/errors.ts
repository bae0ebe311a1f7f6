import { messages } from '@shared/messages';

/**
 * An HTTP-only refusal, thrown by the HTTP app and the HTTP adapters
 * (`*-http.ts`, `http.ts`, lambdas) alone: use cases refuse with a `Refusal`
 * kind (./refusal.ts; a rule in .dependency-cruiser.cjs). The HTTP app turns
 * it into `{error, fields?}` with its status (DESIGN section 5).
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new ApiError(400, message, fields);
export const unauthorized = (message: string = messages.auth.signInRequired) => new ApiError(401, message);
export const forbidden = (message: string = messages.auth.forbidden) => new ApiError(403, message);
export const notFound = (message: string = messages.http.notFound) => new ApiError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new ApiError(409, message, fields);
export const tooManyRequests = (message: string) => new ApiError(429, message);

import { expect } from 'vitest';
import type { ResponseOut, RouteSpec } from '@shared/api/route-spec';
import type { ApiResponse } from './api';

/**
 * A 2xx answer checked against its route's response schema, as the web's
 * `callRoute` checks it: the schema accepts it, and drops nothing the server
 * sent (a field the schema lacks would never reach a screen). Returns it, parsed.
 */
export function contracted<S extends RouteSpec>(
  spec: S,
  response: Pick<ApiResponse, 'status' | 'body' | 'text'>,
): ResponseOut<S> {
  expect(response.status, response.text).toBeGreaterThanOrEqual(200);
  expect(response.status, response.text).toBeLessThan(300);
  if (!spec.response) throw new Error(`${spec.method} ${spec.path} names no response schema`);
  const parsed = spec.response.safeParse(response.body);
  expect(parsed.error?.issues ?? [], `${spec.method} ${spec.path}`).toEqual([]);
  expect(parsed.data, `${spec.method} ${spec.path} drops a field`).toStrictEqual(response.body);
  return parsed.data as ResponseOut<S>;
}

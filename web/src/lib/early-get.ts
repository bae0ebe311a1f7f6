import { apiGet } from './api-client';

/**
 * A page's first read asked for while its chunk is still on its way, not
 * after it: on a 3G phone the two round trips side by side, not one after
 * the other (issue 35: a draw record's verdict within 4 s). The page takes
 * the answer once, by its path; one nobody takes is dropped quietly, and a path
 * already asked for is not asked again.
 */
const early = new Map<string, Promise<unknown>>();

export function getEarly(path: string): void {
  if (early.has(path)) return;
  const answer = apiGet(path);
  answer.catch(() => undefined);
  early.set(path, answer);
}

export function takeEarly<T>(path: string): Promise<T> | undefined {
  const answer = early.get(path) as Promise<T> | undefined;
  early.delete(path);
  return answer;
}

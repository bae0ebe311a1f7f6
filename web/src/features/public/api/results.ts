import type { PublicResult } from '@shared/api/schemas/draws';
import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';

export type { PublicResult } from '@shared/api/schemas/draws';

/** The past results page's one read (its own module: the home page's bundle does not carry it). */
export const fetchResults = (signal?: AbortSignal) =>
  apiGet<{ results: PublicResult[] }>(apiPaths.publicResults, signal);

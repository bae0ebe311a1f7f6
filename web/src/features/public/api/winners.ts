import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';
import type { PublicWinnersResponse } from '@web/lib/public-api-types';

export function fetchPublicWinners(signal?: AbortSignal): Promise<PublicWinnersResponse> {
  return apiGet<PublicWinnersResponse>(apiPaths.publicWinners, signal);
}

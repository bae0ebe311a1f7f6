import { apiGet } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import type { PublicWinnersResponse } from '../../../lib/public-api-types';

export function fetchPublicWinners(signal?: AbortSignal): Promise<PublicWinnersResponse> {
  return apiGet<PublicWinnersResponse>(apiPaths.publicWinners, signal);
}

import type { PublicHouseGames } from '../../../../../shared/api/schemas/play';
import type { PublicResult } from '../../../../../shared/api/schemas/draws';
import { apiGet } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

export type { PublicHouseGame, PublicHouseGames } from '../../../../../shared/api/schemas/play';
export type { PublicResult } from '../../../../../shared/api/schemas/draws';

export const fetchHouseGames = (signal?: AbortSignal) => apiGet<PublicHouseGames>(apiPaths.publicHouseGames, signal);

export const fetchResults = (signal?: AbortSignal) => apiGet<{ results: PublicResult[] }>(apiPaths.publicResults, signal);

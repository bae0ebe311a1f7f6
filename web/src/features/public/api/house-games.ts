import type { PublicHouseGames } from '@shared/api/schemas/play';
import { apiGet } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';

export type { PublicHouseGame, PublicHouseGames } from '@shared/api/schemas/play';

export const fetchHouseGames = (signal?: AbortSignal) => apiGet<PublicHouseGames>(apiPaths.publicHouseGames, signal);

import { apiGet, apiPost } from '@web/lib/api-client';
import { apiPaths } from '@web/lib/api-paths';
import { games } from '../games';
import type {
  DefaultAmountsResponse,
  EntryRequest,
  EntryResponse,
  EntryStatusResponse,
  Game,
} from '@web/lib/public-api-types';

export function fetchDefaultAmounts(game: Game, signal?: AbortSignal): Promise<DefaultAmountsResponse> {
  return apiGet<DefaultAmountsResponse>(games[game].entryPath, signal);
}

export function submitEntry(game: Game, request: EntryRequest): Promise<EntryResponse> {
  return apiPost<EntryResponse>(games[game].entryPath, request);
}

export function fetchEntryStatus(entryId: string, signal?: AbortSignal): Promise<EntryStatusResponse> {
  return apiGet<EntryStatusResponse>(apiPaths.entry(entryId), signal);
}

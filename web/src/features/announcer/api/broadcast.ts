import { queryOptions } from '@tanstack/react-query';
import { onAirRoutes as routes } from '@shared/api/routes/on-air';
import type { BroadcastState } from '@shared/api/schemas/on-air';
import { callRoute } from '@web/lib/api-routes';

/** While the round is awaited (and from the click that starts the close) the screen asks often: the code, countdown and reveal follow the server. */
export const CLOSING_POLL_MS = 500;
/** Entries open or a winner shown: the count moves, slowly. */
const OPEN_POLL_MS = 2_000;

/**
 * The broadcast screen's step, always from the server (issue 36): a reload at any step resumes there,
 * since nothing about the draw lives in the browser.
 */
export const broadcastQuery = (announcerId: string, sharedCode: string) =>
  queryOptions({
    queryKey: ['broadcast', announcerId, sharedCode],
    queryFn: ({ signal }): Promise<BroadcastState> =>
      callRoute(routes.announcerBroadcast, { id: announcerId, shared_code: sharedCode }, { signal }),
    refetchInterval: (query) => (query.state.data?.step === 'closing' ? CLOSING_POLL_MS : OPEN_POLL_MS),
    meta: { failureLog: 'Could not load the broadcast draw' },
  });

/** The announcer's one button: close the entries; the draw then follows from what the close fixed. */
export const startBroadcastClose = (announcerId: string, sharedCode: string) =>
  callRoute(routes.announcerBroadcastClose, { id: announcerId, shared_code: sharedCode });

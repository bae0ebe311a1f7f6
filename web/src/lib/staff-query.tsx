import {
  type InferDataFromTag,
  notifyManager,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The staff portals' one data layer (DESIGN section 3): TanStack Query, in
 * the staff chunks only — the public pages keep their small hook
 * (hooks/use-query.ts), so the home page stays within its budget (DESIGN
 * section 9). A read is a `queryOptions` in its feature's api file (key and
 * fetcher together); live topics write their events into this cache
 * (hooks/use-topic.ts), so a screen never keeps a second copy.
 *
 * No retry (a failed read shows its error at once, as the spec's screens
 * do), no refetch on focus (live data comes from the topics): a screen asks
 * when it mounts, showing the cached answer meanwhile. A read whose
 * `meta.failureLog` names it leaves that line (and the error) in the console
 * when it fails, even on a screen that shows no failure.
 */
export const staffQueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      const log = query.meta?.failureLog;
      if (typeof log === 'string') console.error(log, error);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

// readers hear of a change in the task that made it (a socket frame, an answer), not a timer later: a live event
// reaches the screen as the frame arrives, and a frame's several events land together (React batches them)
notifyManager.setScheduler((notify) => notify());

/** Where a topic's events are cached: `['topic', name]` (one entry per topic name). */
export const topicQueryKey = (name: string | null) => ['topic', name] as const;

// a topic's entry lives while someone reads it: a screen opened again starts from the topic's fresh snapshot
// each event a new value, as it came (no structural sharing): a screen reacting to an event sees every one
staffQueryClient.setQueryDefaults(['topic'], {
  gcTime: 0,
  staleTime: Number.POSITIVE_INFINITY,
  structuralSharing: false,
});

/**
 * Sets a read's cached value (a page loaded more, a live change) after
 * dropping a request still on its way for it, so that older answer cannot
 * overwrite the newer value.
 */
export async function replaceQueryData<K extends QueryKey, T = InferDataFromTag<unknown, K>>(
  client: QueryClient,
  queryKey: K,
  update: (current: T | undefined) => T | undefined,
): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData<T>(queryKey, update);
}

/** Around each staff portal (never the public pages). */
export function StaffQueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={staffQueryClient}>{children}</QueryClientProvider>;
}

import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The public pages' small data layer (DESIGN section 9: the home page's
 * budget leaves no room for a query library; the staff portals use TanStack
 * Query, lib/staff-query.tsx). A read is named by a key, asked with a fetcher
 * that honours its AbortSignal, and its answer is kept in a module cache
 * under that key, so two components asking the same key share one request
 * and one answer, and a page mounted again shows the last answer while it
 * asks again.
 *
 * Each request has its own AbortController, aborted when the last component
 * reading its key unmounts; a request-sequence number drops any answer that
 * is no longer the newest. Components read the cache through
 * `useSyncExternalStore`, so nothing updates an unmounted component.
 */

/** A query's name: a string or a list of plain values (`['draw-record', id]`). */
export type QueryKey = string | readonly (string | number | boolean | null | undefined)[];

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

export interface QueryOptions {
  /** Logged (with the error) when a request fails: a page that shows no failure still leaves a trace. */
  failureLog?: string;
}

export interface QueryResult<T> {
  /** The last answer; undefined until one arrived. */
  data: T | undefined;
  /** What the last request threw (an ApiError from the api client), null after a good answer. */
  error: unknown;
  /** A request is on its way (or about to be: a reader asks on mount, so its first render is loading). */
  loading: boolean;
}

interface Snapshot {
  data: unknown;
  error: unknown;
  loading: boolean;
}

interface Entry {
  snapshot: Snapshot;
  listeners: Set<() => void>;
  /** Components reading this key now: the last one leaving aborts its request. */
  readers: number;
  request: AbortController | null;
  /** Bumped by every request: only the newest request may land. */
  sequence: number;
}

const cache = new Map<string, Entry>();

const hashOf = (key: QueryKey): string => (typeof key === 'string' ? key : JSON.stringify(key));

function entryOf(hash: string): Entry {
  let entry = cache.get(hash);
  if (!entry) {
    entry = {
      snapshot: { data: undefined, error: null, loading: false },
      listeners: new Set(),
      readers: 0,
      request: null,
      sequence: 0,
    };
    cache.set(hash, entry);
  }
  return entry;
}

function publish(entry: Entry, change: Partial<Snapshot>): void {
  entry.snapshot = { ...entry.snapshot, ...change };
  for (const listener of entry.listeners) listener();
}

/** Drops the request on its way (if any): its answer will not land. */
function cancel(entry: Entry): void {
  entry.sequence += 1;
  entry.request?.abort();
  entry.request = null;
}

function request<T>(entry: Entry, fetcher: Fetcher<T>, failureLog: string | undefined): void {
  cancel(entry);
  const mine = entry.sequence;
  const controller = new AbortController();
  entry.request = controller;
  publish(entry, { loading: true });
  const settle = (change: Partial<Snapshot>) => {
    if (entry.sequence !== mine) return;
    entry.request = null;
    publish(entry, { ...change, loading: false });
  };
  fetcher(controller.signal).then(
    (data) => settle({ data, error: null }),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      if (failureLog) console.error(failureLog, error);
      settle({ error });
    },
  );
}

/**
 * Reads `key` with `fetcher`: asks on mount and whenever the key changes,
 * showing the cached answer meanwhile.
 */
export function useQuery<T>(key: QueryKey, fetcher: Fetcher<T>, options: QueryOptions = {}): QueryResult<T> {
  const { failureLog } = options;
  const hash = hashOf(key);
  const entry = entryOf(hash);
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;

  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const snapshot = useSyncExternalStore(subscribe, () => entry.snapshot);

  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    askedFor.current = hash;
    entry.readers += 1;
    if (!entry.request) request(entry, (signal) => latestFetcher.current(signal), failureLog);
    return () => {
      entry.readers -= 1;
      if (entry.readers > 0) return;
      cancel(entry);
      if (entry.snapshot.loading) publish(entry, { loading: false });
    };
  }, [entry, hash, failureLog]);

  // before this reader's own request for the key it is as good as on its way: a remembered answer shows, but is not fresh
  const loading = snapshot.loading || askedFor.current !== hash;
  return { data: snapshot.data as T | undefined, error: snapshot.error, loading };
}

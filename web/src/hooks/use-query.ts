import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The web's one data layer (DESIGN section 9: a small, fast site, so no
 * query library): a read is named by a key, asked with a fetcher that honours its
 * AbortSignal, and its answer is kept in a module cache under that key, so
 * two components asking the same key share one request and one answer, and a
 * screen mounted again shows the last answer while it asks again.
 *
 * Each request has its own AbortController: it is aborted when the last
 * component reading its key unmounts, when `refetch` asks again and when live
 * data replaces it (`setData`); a request-sequence number drops any
 * answer that is no longer the newest. Components read the cache through
 * `useSyncExternalStore`, so nothing updates an unmounted component.
 */

/** A query's name: a string or a list of plain values (`['promotions', adminId]`). */
export type QueryKey = string | readonly (string | number | boolean | null | undefined)[];

export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

export interface QueryOptions {
  /** Ask again this long after each answer (or failure) while the tab is visible. */
  pollMs?: number;
  /** false: no request is made (the cached answer, if any, is still shown). */
  enabled?: boolean;
  /** Logged (with the error) when a request fails: a screen that shows no failure still leaves a trace. */
  failureLog?: string;
  /** Asks again, keeping the value shown, whenever this changes (a live figure the answer depends on, a click). */
  refreshOn?: unknown;
}

export interface QueryResult<T> {
  /** The last answer (or live value); undefined until one arrived. */
  data: T | undefined;
  /** What the last request threw (an ApiError from the api client), null after a good answer. */
  error: unknown;
  /** A request is on its way (or about to be: a reader asks on mount, so its first render is loading). */
  loading: boolean;
  /** Asks again now (a request still on its way is aborted). */
  refetch: () => void;
  /** Replaces the cached value (optimistic or live updates); an older request still on its way is dropped. */
  setData: (update: Updater<T>) => void;
}

export type Updater<T> = T | ((current: T | undefined) => T | undefined);

interface Snapshot {
  data: unknown;
  error: unknown;
  loading: boolean;
  /** When the last request settled (or the value was set): the polling clock. */
  settledAt: number;
}

interface Entry {
  snapshot: Snapshot;
  listeners: Set<() => void>;
  /** Components reading this key now: the last one leaving aborts its request. */
  readers: number;
  fetcher: Fetcher<unknown> | null;
  failureLog: string | undefined;
  request: AbortController | null;
  /** Bumped by every request and every set value: only the newest request may land. */
  sequence: number;
}

const cache = new Map<string, Entry>();

const hashOf = (key: QueryKey): string => (typeof key === 'string' ? key : JSON.stringify(key));

function entryOf(hash: string): Entry {
  let entry = cache.get(hash);
  if (!entry) {
    entry = {
      snapshot: { data: undefined, error: null, loading: false, settledAt: 0 },
      listeners: new Set(),
      readers: 0,
      fetcher: null,
      failureLog: undefined,
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

function request(entry: Entry): void {
  const fetcher = entry.fetcher;
  if (!fetcher) return;
  cancel(entry);
  const mine = entry.sequence;
  const controller = new AbortController();
  entry.request = controller;
  publish(entry, { loading: true });
  const settle = (change: Partial<Snapshot>) => {
    if (entry.sequence !== mine) return;
    entry.request = null;
    publish(entry, { ...change, loading: false, settledAt: Date.now() });
  };
  fetcher(controller.signal).then(
    // an answer equal to the value shown keeps its identity: a polled list that did not change re-renders nothing below
    (data) => settle({ data: sameValue(entry.snapshot.data, data) ? entry.snapshot.data : data, error: null }),
    (error: unknown) => {
      if (controller.signal.aborted) return;
      if (entry.failureLog) console.error(entry.failureLog, error);
      settle({ error });
    },
  );
}

const sameValue = (shown: unknown, answer: unknown): boolean =>
  shown !== undefined && JSON.stringify(shown) === JSON.stringify(answer);

/** Sets the value cached under a key (a live snapshot, an optimistic change): every reader shows it. */
function setByHash<T>(hash: string, update: Updater<T>): void {
  const entry = entryOf(hash);
  const current = entry.snapshot.data as T | undefined;
  const next = typeof update === 'function' ? (update as (current: T | undefined) => T | undefined)(current) : update;
  if (next === undefined || Object.is(next, current)) return;
  // a live value is newer than any answer still on its way
  cancel(entry);
  publish(entry, { data: next, error: null, loading: false, settledAt: Date.now() });
}

const visibility = {
  subscribe(listener: () => void) {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
  visible: () => document.visibilityState !== 'hidden',
};

const IDLE: Snapshot = { data: undefined, error: null, loading: false, settledAt: 0 };
const noSubscription = () => () => {};

/**
 * Reads `key` with `fetcher`: asks on mount and whenever the key changes,
 * shows the cached answer meanwhile, and with `pollMs` asks again after each
 * answer while the tab is visible (a tab coming back asks at once when its
 * poll fell due while hidden). A null key reads nothing.
 */
export function useQuery<T>(key: QueryKey | null, fetcher: Fetcher<T>, options: QueryOptions = {}): QueryResult<T> {
  const { pollMs, enabled = true, failureLog, refreshOn } = options;
  const hash = key === null ? null : hashOf(key);
  const entry = hash === null ? null : entryOf(hash);
  const latestFetcher = useRef(fetcher);
  latestFetcher.current = fetcher;

  const subscribe = useCallback(
    (listener: () => void) => {
      if (!entry) return () => {};
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const snapshot = useSyncExternalStore(subscribe, () => entry?.snapshot ?? IDLE);
  const visible = useSyncExternalStore(pollMs ? visibility.subscribe : noSubscription, visibility.visible);

  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!entry) return undefined;
    askedFor.current = hash;
    entry.readers += 1;
    entry.fetcher = (signal) => latestFetcher.current(signal);
    entry.failureLog = failureLog;
    if (enabled && !entry.request) request(entry);
    return () => {
      entry.readers -= 1;
      if (entry.readers > 0) return;
      cancel(entry);
      if (entry.snapshot.loading) publish(entry, { loading: false });
    };
  }, [entry, hash, enabled, failureLog]);

  // a new `refreshOn` for the same key asks again (a new key asks anyway)
  const refreshed = useRef({ hash, refreshOn });
  useEffect(() => {
    const previous = refreshed.current;
    refreshed.current = { hash, refreshOn };
    if (entry && enabled && previous.hash === hash && !Object.is(previous.refreshOn, refreshOn)) request(entry);
  }, [entry, enabled, hash, refreshOn]);

  const settledAt = snapshot.settledAt;
  const waiting = snapshot.loading;
  useEffect(() => {
    if (!entry || !enabled || !pollMs || !visible || waiting) return undefined;
    const timer = setTimeout(
      () => {
        if (!entry.request) request(entry);
      },
      Math.max(0, settledAt + pollMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [entry, enabled, pollMs, visible, waiting, settledAt]);

  const refetch = useCallback(() => {
    if (entry && enabled) request(entry);
  }, [entry, enabled]);
  const setData = useCallback(
    (update: Updater<T>) => {
      if (hash !== null) setByHash(hash, update);
    },
    [hash],
  );

  // before this reader's own request for the key it is as good as on its way: a remembered answer shows, but is not fresh
  const loading = snapshot.loading || (enabled && hash !== null && askedFor.current !== hash);
  return { data: snapshot.data as T | undefined, error: snapshot.error, loading, refetch, setData };
}

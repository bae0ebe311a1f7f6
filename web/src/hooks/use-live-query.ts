import { useEffect, useRef } from 'react';
import type { TopicKey, TopicRef } from '@shared/topics';
import type { RealtimeConnection } from '../lib/realtime';
import { type Fetcher, type QueryKey, type QueryOptions, type QueryResult, useQuery } from './use-query';
import { type CatalogueTopicData, type TopicState, useTopic } from './use-topic';

export interface LiveQueryResult<T, K extends TopicKey> extends QueryResult<T> {
  /** The topic's own state (connection status, refusal, a dropped bad payload). */
  live: TopicState<CatalogueTopicData<K>>;
}

/**
 * A read that a live topic keeps current (DESIGN section 6): the answer of
 * `fetcher` is cached under `key` (use-query.ts) and every event of `topic`
 * is folded into that same cached value with `reduce`, so every reader of the
 * key sees the live value. An answer that lands after events arrived is
 * folded with the latest events too, so `reduce` must give the same value when
 * given the same events twice (merge by id, or replace by a snapshot).
 */
export function useLiveQuery<T, K extends TopicKey>(
  key: QueryKey | null,
  fetcher: Fetcher<T>,
  topic: TopicRef<K> | null,
  reduce: (current: T, live: CatalogueTopicData<K>) => T,
  options: QueryOptions & { connection?: RealtimeConnection } = {},
): LiveQueryResult<T, K> {
  const live = useTopic(topic, { connection: options.connection });
  const latest = useRef({ live: live.data, reduce });
  latest.current = { live: live.data, reduce };
  const query = useQuery(
    key,
    async (signal) => {
      const answer = await fetcher(signal);
      return latest.current.reduce(answer, latest.current.live);
    },
    options,
  );

  const { setData } = query;
  useEffect(() => {
    // a topic not yet heard from changes nothing (and must not drop the request on its way)
    if (Object.keys(live.data).length === 0) return;
    setData((current) => (current === undefined ? undefined : latest.current.reduce(current, live.data)));
  }, [live.data, setData]);

  return { ...query, live };
}

import { useEffect } from 'react';
import type { TopicKey, TopicRef } from '@shared/topics';
import { notifyError } from '../lib/toast';
import { useTopic, type CatalogueTopicData } from './use-topic';

/** A list a staff screen shows live from a topic (DESIGN section 6): the one shape every list hook returns. */
export interface LiveList<T> {
  /** The last good list; null until one arrived. */
  items: T[] | null;
  /** The server's reason when it refused the topic. */
  refused: string | null;
  /** Refused, or nothing readable arrived: the screen shows its 'Failed to load …'. */
  failed: boolean;
}

export interface LiveListTexts {
  /** Shown when the server refuses the topic (spec section 8: 'Failed to connect to …'). */
  refused?: string;
  /** Shown instead of the generic 'Error processing data update' when a list fails its schema. */
  invalid?: string;
}

/**
 * The list a catalogue topic carries, picked from its parsed events. A spec
 * that names its own texts for a refused or unreadable list gives them in
 * `texts` (each a toast, one per topic).
 */
export function useLiveList<K extends TopicKey, T>(
  topic: TopicRef<K>,
  pick: (data: CatalogueTopicData<K>) => T[] | undefined,
  texts: LiveListTexts = {},
): LiveList<T> {
  const invalidText = texts.invalid;
  const { data, refused, invalid } = useTopic(topic, {
    onInvalid: invalidText ? () => notifyError(invalidText, { id: `${topic.name}-invalid` }) : undefined,
  });
  const refusedText = texts.refused;
  useEffect(() => {
    if (refused && refusedText) notifyError(refusedText, { id: `${topic.name}-refused` });
  }, [refused, refusedText, topic.name]);
  const items = pick(data) ?? null;
  return { items, refused, failed: Boolean(refused) || (invalid && items === null) };
}

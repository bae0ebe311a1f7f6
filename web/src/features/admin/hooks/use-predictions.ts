import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod';
import {
  categoryEntity,
  predictionEntity,
  type CategoryEntity,
  type PredictionEntity,
} from '../../../../../shared/api/schemas/predictions';
import { messages } from '../../../../../shared/messages';
import { topicNames } from '../../../../../shared/topics';
import { useTopic } from '../../../hooks/use-topic';
import { notifyError } from '../../../lib/toast';

/*
 * The two prediction topics are read raw and checked here, not by useTopic,
 * so a bad payload gets the spec's own text for these lists, 'Invalid data
 * format received' (spec section 8), rather than the generic one.
 */
const predictionEvents = { predictions: z.unknown() };
const categoryEvents = { 'prediction-categories': z.unknown() };
const predictionsPayload = z.object({ Predictions: z.array(predictionEntity) });
const categoriesPayload = z.object({ Categories: z.array(categoryEntity) });

export interface LiveList<T> {
  /** The last good list; null until one arrived. */
  items: T[] | null;
  /** Refused, or nothing readable arrived: the screen shows 'Failed to load predictions'. */
  failed: boolean;
}

function useCheckedList<T>(
  topic: string,
  raw: unknown,
  refused: string | null,
  schema: z.ZodType<{ list: T[] }>,
  connectFailed: string,
): LiveList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const parsed = useMemo(() => (raw === undefined ? undefined : schema.safeParse(raw)), [raw, schema]);

  useEffect(() => {
    if (!parsed) return;
    if (parsed.success) {
      setItems(parsed.data.list);
      setUnreadable(false);
      return;
    }
    console.error(`Bad data on ${topic}`, parsed.error);
    setUnreadable(true);
    notifyError(messages.prediction.invalidData, { id: `${topic}-invalid` });
  }, [parsed, topic]);

  useEffect(() => {
    if (refused) notifyError(connectFailed, { id: `${topic}-refused` });
  }, [refused, connectFailed, topic]);

  return { items, failed: Boolean(refused) || (unreadable && items === null) };
}

const predictionsList = predictionsPayload.transform((p) => ({ list: p.Predictions }));
const categoriesList = categoriesPayload.transform((c) => ({ list: c.Categories }));

/** The live `admin/predictions` list, newest first. */
export function usePredictions(): LiveList<PredictionEntity> {
  const { data, refused } = useTopic(topicNames.adminPredictions, predictionEvents);
  return useCheckedList(
    topicNames.adminPredictions,
    data.predictions,
    refused,
    predictionsList,
    messages.prediction.connectFailed,
  );
}

/** The live `admin/prediction-categories` list, by title. */
export function usePredictionCategories(): LiveList<CategoryEntity> {
  const { data, refused } = useTopic(topicNames.adminPredictionCategories, categoryEvents);
  return useCheckedList(
    topicNames.adminPredictionCategories,
    data['prediction-categories'],
    refused,
    categoriesList,
    messages.prediction.categoriesConnectFailed,
  );
}

import { messages } from '@shared/messages';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { PredictionEntity } from '@shared/api/schemas/predictions';
import { formatMoney } from '@shared/money';
import { formatOdds } from '@shared/odds';
import { db, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseMissing } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { changedMeanwhile, listCategories, queryIndex, transact, type PredictionWrite } from './prediction-categories';

/**
 * Predictions (DESIGN section 4 "Predictions"), each counted on its category
 * (./prediction-categories.ts) in the same transaction.
 */
export interface Prediction {
  id: string;
  referenceNumber: string;
  question: string;
  categoryId: string;
  currencyLrdCents: number;
  currencyUsdCents: number;
  oddYesHundredths: number;
  oddNoHundredths: number;
  /** Bumped by every update; writes are conditioned on the version they read. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type PredictionInput = Pick<
  Prediction,
  | 'referenceNumber'
  | 'question'
  | 'categoryId'
  | 'currencyLrdCents'
  | 'currencyUsdCents'
  | 'oddYesHundredths'
  | 'oddNoHundredths'
>;

/** Who is writing, for the audit line. */

const PREDICTION_ENTITY = 'prediction';
export async function createPrediction(input: PredictionInput, actor: Actor, now: Date): Promise<Prediction> {
  const at = now.toISOString();
  const prediction: Prediction = { id: randomUUID(), ...input, version: 1, createdAt: at, updatedAt: at };
  const items: PredictionWrite[] = [
    {
      Put: {
        TableName: tableName(),
        Item: predictionItem(prediction),
        // a fresh id: never overwrite
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    [countIn(prediction.categoryId), 'unknown-category'],
    auditWrite(
      { ...actor, action: 'prediction.create', target: `prediction:${prediction.id}`, after: prediction },
      now,
    ),
  ];
  await transact(items, () => changedMeanwhile());
  return prediction;
}

async function getPrediction(id: string): Promise<Prediction | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.prediction(id) }));
  return result.Item ? toPrediction(result.Item) : undefined;
}

/** Predictions newest first, all or one category's (GSI1 / GSI2; never a scan). */
async function listPredictions(categoryId?: string): Promise<Prediction[]> {
  const items = categoryId
    ? await queryIndex('gsi2', keys.categoryPredictions(categoryId), false)
    : await queryIndex('gsi1', keys.predictionsIndex, false);
  return items.map(toPrediction);
}

/** Save an edit (a real one: the spec's original only logged it); moves the count if the category changes. */
export async function updatePrediction(
  id: string,
  input: PredictionInput,
  actor: Actor,
  now: Date,
): Promise<Prediction> {
  const before = await getPrediction(id);
  if (!before) throw refuseMissing(messages.refusals.predictionNotFound);
  const after: Prediction = { ...before, ...input, version: before.version + 1, updatedAt: now.toISOString() };
  const moved = before.categoryId !== after.categoryId;
  const items: PredictionWrite[] = [
    {
      Put: {
        TableName: tableName(),
        Item: predictionItem(after),
        // unchanged since read, so the category counts below move from the right category
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      },
    },
    ...(moved ? [countOut(before.categoryId), [countIn(after.categoryId), 'unknown-category'] as const] : []),
    auditWrite({ ...actor, action: 'prediction.update', target: `prediction:${id}`, before, after }, now),
  ];
  await transact(items, async () =>
    (await getPrediction(id)) ? changedMeanwhile() : refuseMissing(messages.refusals.predictionNotFound),
  );
  return after;
}

export async function deletePrediction(id: string, actor: Actor, now: Date): Promise<void> {
  const before = await getPrediction(id);
  if (!before) throw refuseMissing(messages.refusals.predictionNotFound);
  const items: PredictionWrite[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.prediction(id),
        // unchanged since read, so the count below leaves the category it is really in
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      },
    },
    countOut(before.categoryId),
    auditWrite({ ...actor, action: 'prediction.delete', target: `prediction:${id}`, before }, now),
  ];
  await transact(items, async () =>
    (await getPrediction(id)) ? changedMeanwhile() : refuseMissing(messages.refusals.predictionNotFound),
  );
}

// ---- wire shapes (spec section 3) ------------------------------------------

/** Spec section 3 "Prediction", with its category's title. */
export function predictionEntity(prediction: Prediction, categoryTitle: string): PredictionEntity {
  return {
    ID: prediction.id,
    ReferenceNumber: prediction.referenceNumber,
    Question: prediction.question,
    Category: { ID: prediction.categoryId, Title: categoryTitle },
    CurrencyLRD: formatMoney(prediction.currencyLrdCents),
    CurrencyUSD: formatMoney(prediction.currencyUsdCents),
    OddYes: formatOdds(prediction.oddYesHundredths),
    OddNo: formatOdds(prediction.oddNoHundredths),
  };
}

/** Predictions (optionally one category's) in their wire shape, titles joined from one category read. */
export async function listPredictionEntities(categoryId?: string): Promise<PredictionEntity[]> {
  const [predictions, categories] = await Promise.all([listPredictions(categoryId), listCategories()]);
  // a category in use cannot be deleted, so every title is found
  const titles = new Map(categories.map((c) => [c.id, c.title]));
  return predictions.map((p) => predictionEntity(p, titles.get(p.categoryId) ?? ''));
}

// ---- items ---------------------------------------------------------------

function predictionItem(prediction: Prediction) {
  const sort = `${prediction.createdAt}#${prediction.id}`;
  return {
    ...keys.prediction(prediction.id),
    gsi1pk: keys.predictionsIndex,
    gsi1sk: sort,
    gsi2pk: keys.categoryPredictions(prediction.categoryId),
    gsi2sk: sort,
    ...prediction,
    entity: PREDICTION_ENTITY,
  };
}

/** One more prediction in a category. */
function countIn(categoryId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.predictionCategory(categoryId),
      UpdateExpression: 'SET predictionCount = predictionCount + :one',
      // a prediction only ever points at an existing category
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

/** One prediction fewer in a category. */
function countOut(categoryId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.predictionCategory(categoryId),
      UpdateExpression: 'SET predictionCount = predictionCount - :one',
      // the count never goes below zero
      ConditionExpression: 'predictionCount >= :one',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

function toPrediction(item: Record<string, unknown>): Prediction {
  return {
    id: item.id as string,
    referenceNumber: (item.referenceNumber as string | undefined) ?? '',
    question: item.question as string,
    categoryId: item.categoryId as string,
    currencyLrdCents: Number(item.currencyLrdCents),
    currencyUsdCents: Number(item.currencyUsdCents),
    oddYesHundredths: Number(item.oddYesHundredths),
    oddNoHundredths: Number(item.oddNoHundredths),
    version: Number(item.version),
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

import { messages } from '@shared/messages';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { CategoryEntity, PredictionEntity } from '@shared/api/schemas/predictions';
import { formatMoney } from '@shared/money';
import { formatOdds } from '@shared/odds';
import {
  db,
  failedConditionIndexes,
  isConditionFailure,
  isTransactionConflict,
  queryAll,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { refuseConflict, refuseInvalid, refuseMissing } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { claimItem, releaseItem, type UniqueClaim } from '../../staff';

/**
 * Prediction categories and predictions (DESIGN section 4 "Predictions").
 * A category keeps `predictionCount`, changed in the same transaction as every
 * prediction write, so "a prediction's category exists" and "a category in
 * use cannot be deleted" are both conditions on one item.
 */
export interface PredictionCategory {
  id: string;
  title: string;
  predictionCount: number;
  createdAt: string;
}

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

const CATEGORY_ENTITY = 'predictionCategory';
const PREDICTION_ENTITY = 'prediction';
const titleClaim = (title: string): UniqueClaim => ({ kind: 'predictionCategory', value: title, field: 'category' });
const unknownCategory = () =>
  refuseInvalid(messages.refusals.categoryUnknown, { category: 'Choose an existing category' });
const changedMeanwhile = () => refuseConflict(messages.http.changedMeanwhile);

// ---- categories ----------------------------------------------------------

export async function createCategory(title: string, actor: Actor, now: Date): Promise<PredictionCategory> {
  const category: PredictionCategory = { id: randomUUID(), title, predictionCount: 0, createdAt: now.toISOString() };
  const claims = [titleClaim(title)];
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...categoryItemKeys(category), ...category, entity: CATEGORY_ENTITY },
        // a fresh id: never overwrite
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // titles are unique, case-insensitively (keys.unique lowercases)
    ...claims.map((claim) => claimItem(claim, category.id)),
    auditWrite(
      { ...actor, action: 'predictionCategory.create', target: `predictionCategory:${category.id}`, after: category },
      now,
    ),
  ];
  await transact(items, (error) =>
    failedConditionIndexes(error).includes(1)
      ? refuseConflict(messages.refusals.categoryExists, { category: 'Already exists' })
      : changedMeanwhile(),
  );
  return category;
}

export async function getCategory(id: string): Promise<PredictionCategory | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.predictionCategory(id) }));
  return result.Item ? toCategory(result.Item) : undefined;
}

/** All categories, ordered by title (GSI1; never a scan). */
export async function listCategories(): Promise<PredictionCategory[]> {
  return (await queryIndex('gsi1', keys.predictionCategoriesIndex)).map(toCategory);
}

/** Delete an unused category and free its title; 404 if absent, 409 while predictions use it. */
export async function deleteCategory(id: string, actor: Actor, now: Date): Promise<void> {
  const category = await getCategory(id);
  if (!category) throw refuseMissing(messages.refusals.categoryNotFound);
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.predictionCategory(id),
        // no prediction may be left pointing at a deleted category
        ConditionExpression: 'attribute_exists(pk) AND predictionCount = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
    releaseItem(titleClaim(category.title), id),
    auditWrite(
      { ...actor, action: 'predictionCategory.delete', target: `predictionCategory:${id}`, before: category },
      now,
    ),
  ];
  await transact(items, async () => {
    if (!(await getCategory(id))) return refuseMissing(messages.refusals.categoryNotFound);
    return refuseConflict(messages.refusals.categoryInUse);
  });
}

// ---- predictions ---------------------------------------------------------

export async function createPrediction(input: PredictionInput, actor: Actor, now: Date): Promise<Prediction> {
  const at = now.toISOString();
  const prediction: Prediction = { id: randomUUID(), ...input, version: 1, createdAt: at, updatedAt: at };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: predictionItem(prediction),
        // a fresh id: never overwrite
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    countIn(prediction.categoryId),
    auditWrite(
      { ...actor, action: 'prediction.create', target: `prediction:${prediction.id}`, after: prediction },
      now,
    ),
  ];
  await transact(items, (error) =>
    failedConditionIndexes(error).includes(1) ? unknownCategory() : changedMeanwhile(),
  );
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
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: predictionItem(after),
        // unchanged since read, so the category counts below move from the right category
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      },
    },
    ...(moved ? [countOut(before.categoryId), countIn(after.categoryId)] : []),
    auditWrite({ ...actor, action: 'prediction.update', target: `prediction:${id}`, before, after }, now),
  ];
  await transact(items, async (error) => {
    if (moved && failedConditionIndexes(error).includes(2)) return unknownCategory();
    return (await getPrediction(id)) ? changedMeanwhile() : refuseMissing(messages.refusals.predictionNotFound);
  });
  return after;
}

export async function deletePrediction(id: string, actor: Actor, now: Date): Promise<void> {
  const before = await getPrediction(id);
  if (!before) throw refuseMissing(messages.refusals.predictionNotFound);
  const items: TransactItem[] = [
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

export function categoryEntity(category: PredictionCategory): CategoryEntity {
  return { ID: category.id, Title: category.title, PredictionCount: category.predictionCount };
}

/** Predictions (optionally one category's) in their wire shape, titles joined from one category read. */
export async function listPredictionEntities(categoryId?: string): Promise<PredictionEntity[]> {
  const [predictions, categories] = await Promise.all([listPredictions(categoryId), listCategories()]);
  // a category in use cannot be deleted, so every title is found
  const titles = new Map(categories.map((c) => [c.id, c.title]));
  return predictions.map((p) => predictionEntity(p, titles.get(p.categoryId) ?? ''));
}

// ---- items ---------------------------------------------------------------

function categoryItemKeys(category: PredictionCategory) {
  return {
    ...keys.predictionCategory(category.id),
    gsi1pk: keys.predictionCategoriesIndex,
    gsi1sk: `${category.title.toLowerCase()}#${category.id}`,
  };
}

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

/**
 * Run a transaction; a lost condition becomes the refusal `onConditionFailed`
 * names. A clash with a concurrent transaction on the same items (DynamoDB's
 * TransactionConflict) is a 409 too: the other writer won.
 */
async function transact(
  items: TransactItem[],
  onConditionFailed: (error: unknown) => Error | undefined | Promise<Error | undefined>,
): Promise<void> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionFailure(error)) throw (await onConditionFailed(error)) ?? error;
    if (isTransactionConflict(error)) throw changedMeanwhile();
    throw error;
  }
}

/** Every item of one index partition, in sort-key order. */
function queryIndex(index: 'gsi1' | 'gsi2', value: string, ascending = true): Promise<Record<string, unknown>[]> {
  return queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': value },
    ScanIndexForward: ascending,
  });
}

function toCategory(item: Record<string, unknown>): PredictionCategory {
  return {
    id: item.id as string,
    title: item.title as string,
    predictionCount: Number(item.predictionCount ?? 0),
    createdAt: item.createdAt as string,
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

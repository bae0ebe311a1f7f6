import { messages } from '@shared/messages';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { CategoryEntity } from '@shared/api/schemas/predictions';
import { commitLabelled, db, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseConflict, refuseInvalid, refuseMissing, type Refusal } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { claimItem, releaseItem, type UniqueClaim } from '../../staff';

/**
 * Prediction categories (DESIGN section 4 "Predictions"), and the one
 * transaction runner of the prediction writes (./predictions.ts). A category
 * keeps `predictionCount`, changed in the same transaction as every
 * prediction write, so "a prediction's category exists" and "a category in
 * use cannot be deleted" are both conditions on one item.
 */
export interface PredictionCategory {
  id: string;
  title: string;
  predictionCount: number;
  createdAt: string;
}

const CATEGORY_ENTITY = 'predictionCategory';
const titleClaim = (title: string): UniqueClaim => ({ kind: 'predictionCategory', value: title, field: 'category' });
const unknownCategory = () =>
  refuseInvalid(messages.refusals.categoryUnknown, { category: 'Choose an existing category' });
export const changedMeanwhile = () => refuseConflict(messages.http.changedMeanwhile);

export async function createCategory(title: string, actor: Actor, now: Date): Promise<PredictionCategory> {
  const category: PredictionCategory = { id: randomUUID(), title, predictionCount: 0, createdAt: now.toISOString() };
  const claims = [titleClaim(title)];
  const items: PredictionWrite[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...categoryItemKeys(category), ...category, entity: CATEGORY_ENTITY },
        // a fresh id: never overwrite
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // titles are unique, case-insensitively (keys.unique lowercases)
    ...claims.map((claim) => [claimItem(claim, category.id), 'title-taken'] as const),
    auditWrite(
      { ...actor, action: 'predictionCategory.create', target: `predictionCategory:${category.id}`, after: category },
      now,
    ),
  ];
  await transact(items, () => changedMeanwhile());
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
  const items: PredictionWrite[] = [
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

export function categoryEntity(category: PredictionCategory): CategoryEntity {
  return { ID: category.id, Title: category.title, PredictionCount: category.predictionCount };
}

function categoryItemKeys(category: PredictionCategory) {
  return {
    ...keys.predictionCategory(category.id),
    gsi1pk: keys.predictionCategoriesIndex,
    gsi1sk: `${category.title.toLowerCase()}#${category.id}`,
  };
}

/** What a prediction write's item failing its condition means, where that is more than "changed or gone". */
type PredictionLabel = 'title-taken' | 'unknown-category';
/** An item of a prediction write, labelled or not. */
export type PredictionWrite = TransactItem | readonly [TransactItem, PredictionLabel];

/**
 * Run a transaction; a lost condition becomes the refusal its label names,
 * else the one `otherwise` finds. A clash with a concurrent transaction on
 * the same items (DynamoDB's TransactionConflict) is a 409 too: the other
 * writer won.
 */
export async function transact(
  writes: readonly PredictionWrite[],
  otherwise: () => Refusal | Promise<Refusal>,
): Promise<void> {
  const outcome = await commitLabelled(
    writes.map(
      (write) =>
        (Array.isArray(write) ? write : ([write, undefined] as const)) as readonly [
          TransactItem,
          PredictionLabel | undefined,
        ],
    ),
  );
  if (outcome.committed) return;
  if (outcome.busy) throw changedMeanwhile();
  if (outcome.failed.includes('title-taken'))
    throw refuseConflict(messages.refusals.categoryExists, { category: 'Already exists' });
  if (outcome.failed.includes('unknown-category')) throw unknownCategory();
  throw await otherwise();
}

/** Every item of one index partition, in sort-key order. */
export function queryIndex(
  index: 'gsi1' | 'gsi2',
  value: string,
  ascending = true,
): Promise<Record<string, unknown>[]> {
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

import { isHouseGame, PARTNER_GAME, type GameKind } from '@shared/games';
import { messages } from '@shared/messages';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { batchGetAll, db, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { refuseConflict, refuseMissing } from '../../../platform/refusal';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { claimWrite, commitRefusing, releaseItem } from '../../staff';

/** A promotion (DESIGN section 4): its prices are the price to enter, per currency. */
export interface Promotion {
  id: string;
  title: string;
  priceLrdCents: number;
  priceUsdCents: number;
  /** Its game: a house game's own promotion, or a partner promotion. */
  kind: GameKind;
  /** How many assignments use it; a promotion in use cannot be deleted. */
  assignmentCount: number;
  createdAt: string;
  updatedAt: string;
}

export type PromotionInput = Pick<Promotion, 'title' | 'priceLrdCents' | 'priceUsdCents'>;

const titleClaim = (title: string) => ({ kind: 'promotionTitle', value: title.trim(), field: 'promotion_title' });

/** The Put of a new promotion: it never overwrites one that exists. */
export function newPromotionPut(promotion: Promotion): TransactItem {
  return {
    Put: { TableName: tableName(), Item: promotionItem(promotion), ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

function promotionItem(promotion: Promotion) {
  return {
    ...keys.promotion(promotion.id),
    gsi1pk: keys.promotionsIndex,
    gsi1sk: `${promotion.title.toLowerCase()}#${promotion.id}`,
    entity: 'promotion',
    ...promotion,
  };
}

export async function createPromotion(
  input: PromotionInput,
  actor: Actor,
  now: Date,
  id = randomUUID(),
): Promise<Promotion> {
  const at = now.toISOString();
  const promotion: Promotion = { id, ...input, kind: PARTNER_GAME, assignmentCount: 0, createdAt: at, updatedAt: at };
  const claims = [titleClaim(input.title)];
  await commitRefusing([
    // no overwrite of an existing promotion
    newPromotionPut(promotion),
    claimWrite(claims[0]!, id),
    auditWrite({ ...actor, action: 'promotion.create', target: `promotion:${id}`, after: promotion }, now),
  ]);
  return promotion;
}

export async function getPromotion(id: string): Promise<Promotion | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.promotion(id), ConsistentRead: true }),
  );
  return result.Item ? toPromotion(result.Item) : undefined;
}

export async function getPromotions(ids: string[]): Promise<Map<string, Promotion>> {
  const found = await batchGetAll(ids.map((id) => keys.promotion(id)));
  return new Map([...found.values()].map((item) => [item.id as string, toPromotion(item)]));
}

/** All promotions by title (GSI1; never a scan). */
export async function listPromotions(): Promise<Promotion[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.promotionsIndex },
  });
  return items.map(toPromotion);
}

export async function updatePromotion(id: string, input: PromotionInput, actor: Actor, now: Date): Promise<Promotion> {
  const before = await getPromotion(id);
  if (!before) throw refuseMissing(messages.refusals.promotionNotFound);
  if (isHouseGame(before.kind)) throw refuseConflict(messages.refusals.housePricesInSettings);
  const after: Promotion = { ...before, ...input, updatedAt: now.toISOString() };
  const titleChanged = before.title.trim().toLowerCase() !== input.title.trim().toLowerCase();
  const claims = titleChanged ? [titleClaim(input.title)] : [];
  await commitRefusing([
    {
      Update: {
        TableName: tableName(),
        Key: keys.promotion(id),
        // only its own fields: assignmentCount belongs to the assignment transactions
        UpdateExpression:
          'SET title = :title, priceLrdCents = :lrd, priceUsdCents = :usd, updatedAt = :at, gsi1sk = :sort',
        // optimistic: nothing else changed it since we read it
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: {
          ':title': after.title,
          ':lrd': after.priceLrdCents,
          ':usd': after.priceUsdCents,
          ':at': after.updatedAt,
          ':sort': `${after.title.toLowerCase()}#${id}`,
          ':seen': before.updatedAt,
        },
      },
    },
    ...claims.map((claim) => claimWrite(claim, id)),
    ...(titleChanged ? [releaseItem(titleClaim(before.title), id)] : []),
    auditWrite({ ...actor, action: 'promotion.update', target: `promotion:${id}`, before, after }, now),
  ]);
  return after;
}

export async function deletePromotion(id: string, actor: Actor, now: Date): Promise<Promotion> {
  const before = await getPromotion(id);
  if (!before) throw refuseMissing(messages.refusals.promotionNotFound);
  if (isHouseGame(before.kind)) throw refuseConflict(messages.refusals.houseGamesNotDeletable);
  // a lost condition: an assignment uses it (assignments count themselves onto the promotion)
  const assigned = { refuse: () => refuseConflict(messages.refusals.promotionAssigned) };
  await commitRefusing([
    [
      {
        Delete: {
          TableName: tableName(),
          Key: keys.promotion(id),
          ConditionExpression: 'attribute_exists(pk) AND assignmentCount = :zero',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      assigned,
    ],
    [releaseItem(titleClaim(before.title), id), assigned],
    auditWrite({ ...actor, action: 'promotion.delete', target: `promotion:${id}`, before }, now),
  ]);
  return before;
}

export function toPromotion(item: Record<string, unknown>): Promotion {
  return {
    id: item.id as string,
    title: item.title as string,
    priceLrdCents: item.priceLrdCents as number,
    priceUsdCents: item.priceUsdCents as number,
    kind: item.kind as Promotion['kind'],
    assignmentCount: (item.assignmentCount as number | undefined) ?? 0,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
  };
}

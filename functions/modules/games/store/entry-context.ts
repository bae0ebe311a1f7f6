import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../platform/dynamo';
import { foundItem, readTogether, type ItemsRead } from '../../../platform/store/read-together';
import { toAssignment, type Assignment, toPromotion, type Promotion } from '../../catalog';
import { houseRulesOf, type HouseRules } from './house-settings';
import { keys } from '../../../platform/store/keys';

/**
 * The assignment a shared code names, and its promotion as the code's
 * claim recorded it (a hint: the caller checks it against the assignment,
 * which may have moved since; older claims have none).
 */
export interface SharedCodeClaim {
  assignmentId: string;
  promotionId?: string;
}

export async function readSharedCode(code: string): Promise<SharedCodeClaim | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.unique('sharedCode', code) }));
  if (!result.Item) return undefined;
  const promotionId = result.Item.promotionId as string | undefined;
  return { assignmentId: result.Item.ownerId as string, ...(promotionId ? { promotionId } : {}) };
}

/** What starting an entry reads besides the entry itself. */
export interface EntryContext {
  assignment?: Assignment;
  /** When its id was given (house games name theirs). */
  promotion?: Promotion;
  /** When asked for: the house rules (the USD→LRD rate). */
  rules?: HouseRules;
}

/**
 * The items starting an entry needs, in ONE strongly consistent
 * BatchGetItem rather than a GetItem each (DESIGN section 9: the
 * entry path is measured end to end): the assignment, its promotion when
 * its id is known, and the house rules.
 */
export async function readEntryContext(want: EntryContextWanted): Promise<EntryContext> {
  const [context] = await readTogether([entryContextRead(want)]);
  return context;
}

export interface EntryContextWanted {
  assignmentId: string;
  promotionId?: string;
  rules?: boolean;
}

/** `readEntryContext` as a read to go with the entry's others, in one batch read (platform/store/read-together.ts). */
export function entryContextRead(want: EntryContextWanted): ItemsRead<EntryContext> {
  const wanted = {
    assignment: keys.assignment(want.assignmentId),
    ...(want.promotionId ? { promotion: keys.promotion(want.promotionId) } : {}),
    ...(want.rules ? { rules: keys.settings } : {}),
  };
  return {
    keys: Object.values(wanted),
    answer: (found) => {
      const assignment = foundItem(found, wanted.assignment);
      const promotion = foundItem(found, wanted.promotion);
      return {
        ...(assignment ? { assignment: toAssignment(assignment) } : {}),
        ...(promotion ? { promotion: toPromotion(promotion) } : {}),
        ...(want.rules ? { rules: houseRulesOf(foundItem(found, wanted.rules)).rules } : {}),
      };
    },
  };
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { commitmentOf, SEED_BYTES } from '@shared/draw-math';
import { commitIfConditionsHold, db, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * Window seeds: each draw window's secret seed, drawn from a
 * CSPRNG when the window opens, lives ONLY in its SEED item (a quiet prefix:
 * never on a topic) until the draw reveals it in the draw record. The
 * assignment carries the commitment from the moment the window opens.
 */
export interface WindowSeed {
  assignmentId: string;
  windowNo: number;
  /** 32 bytes, lowercase hex. Secret until the window is drawn. */
  seedHex: string;
  /** Lowercase hex SHA-256 of the seed's bytes. */
  commitment: string;
  createdAt: string;
}

export function newWindowSeed(assignmentId: string, windowNo: number, now: Date): WindowSeed {
  const seedHex = randomBytes(SEED_BYTES).toString('hex');
  return { assignmentId, windowNo, seedHex, commitment: commitmentOf(seedHex), createdAt: now.toISOString() };
}

/** The Put of a window's seed, for the transaction that opens the window. */
export function windowSeedPut(seed: WindowSeed): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.windowSeed(seed.assignmentId, seed.windowNo), entity: 'windowSeed', ...seed },
      // a window's seed is drawn once: never replaced, so its commitment holds
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getWindowSeed(assignmentId: string, windowNo: number): Promise<WindowSeed | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.windowSeed(assignmentId, windowNo), ConsistentRead: true }),
  );
  if (!result.Item) return undefined;
  return withoutKeys<WindowSeed>(result.Item);
}

/**
 * An assignment created before draws existed has an open window without a
 * seed: give it one now (seed and commitment together, once). Its entries so
 * far were taken without a commitment, so the caller draws it only on a later
 * call, after the commitment has been shown.
 */
export async function commitOpenWindow(assignmentId: string, windowNo: number, now: Date): Promise<void> {
  const seed = newWindowSeed(assignmentId, windowNo, now);
  // a lost condition: someone else committed it (or the window moved on) first: nothing to do
  await commitIfConditionsHold([
    windowSeedPut(seed),
    {
      Update: {
        TableName: tableName(),
        Key: { ...keys.assignment(assignmentId) },
        UpdateExpression: 'SET windowCommitment = :commitment',
        // still that window, and it has no commitment yet
        ConditionExpression: 'windowNo = :window AND attribute_not_exists(windowCommitment)',
        ExpressionAttributeValues: { ':commitment': seed.commitment, ':window': windowNo },
      },
    },
  ]);
}

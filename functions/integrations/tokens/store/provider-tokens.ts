import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import type { StoredToken, TokenShelf } from '../shared-tokens';

/**
 * Providers' OAuth tokens, one item per provider credential
 * (`PROVIDERTOKEN#<name>`, functions/integrations/tokens/shared-tokens.ts).
 * A token is a secret: only the functions that call providers may read these
 * items (infra/table-access.ts denies the others); `expiresAt` is the
 * table's TTL, so a dead token leaves the table by itself.
 */
async function read(name: string): Promise<StoredToken | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.providerToken(name),
      ConsistentRead: true,
      ProjectionExpression: '#token, expiresAt, leaseUntil',
      ExpressionAttributeNames: { '#token': 'token' },
    }),
  );
  return Item as StoredToken | undefined;
}

/** false when a condition failed; anything else is thrown. */
async function conditional(update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>) {
  try {
    await db().send(new UpdateCommand({ ...update, TableName: tableName() }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export const providerTokens: TokenShelf = {
  read,
  takeLease: (name, holder, leaseUntil, now, freshUntil) =>
    conditional({
      Key: keys.providerToken(name),
      UpdateExpression: 'SET leaseHolder = :holder, leaseUntil = :until, entity = :entity',
      ConditionExpression:
        '(attribute_not_exists(leaseUntil) OR leaseUntil < :now) AND (attribute_not_exists(expiresAt) OR expiresAt < :fresh)',
      ExpressionAttributeValues: {
        ':holder': holder,
        ':until': leaseUntil,
        ':now': now,
        ':fresh': freshUntil,
        ':entity': 'providerToken',
      },
    }),
  store: async (name, holder, token, expiresAt) => {
    await conditional({
      Key: keys.providerToken(name),
      UpdateExpression: 'SET #token = :token, expiresAt = :expiresAt REMOVE leaseHolder, leaseUntil',
      ConditionExpression: 'leaseHolder = :holder',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token, ':expiresAt': expiresAt, ':holder': holder },
    });
  },
  drop: async (name, token) => {
    await conditional({
      Key: keys.providerToken(name),
      UpdateExpression: 'REMOVE #token, expiresAt',
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    });
  },
};

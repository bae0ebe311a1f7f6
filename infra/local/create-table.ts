import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@shared/db/table-definition';

/**
 * Create the table from the shared definition unless it exists; returns its
 * stream ARN. A table kept from an earlier run (`.data/dynamodb`) that lacks
 * one of the definition's indexes is refused, not patched: its items carry
 * no keys for the new index, so every listing read through it would be empty.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<string> {
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexes = new Set((existing.Table!.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    const missing = tableDefinition.globalSecondaryIndexes.filter((index) => !indexes.has(index.indexName));
    if (missing.length > 0)
      throw new Error(
        `The local table ${tableName} was made before its index ${missing.map((i) => i.indexName).join(', ')}: ` +
          'its items are not listed there. Remove .data/dynamodb (local data only) and start again.',
      );
    return existing.Table!.LatestStreamArn!;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const d = tableDefinition;
  const attributeNames = new Set<string>([d.partitionKey, d.sortKey]);
  for (const index of d.globalSecondaryIndexes) {
    attributeNames.add(index.partitionKey);
    attributeNames.add(index.sortKey);
  }
  const created = await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributeNames].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: d.partitionKey, KeyType: 'HASH' },
        { AttributeName: d.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: d.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection:
          index.projection === 'ALL'
            ? { ProjectionType: 'ALL' as const }
            : { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: d.streamView },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: d.timeToLiveAttribute, Enabled: true },
    }),
  );
  return created.TableDescription!.LatestStreamArn!;
}

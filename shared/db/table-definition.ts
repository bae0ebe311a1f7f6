/**
 * The one DynamoDB table (DESIGN section 2), declared once as plain data.
 * The CDK data stack and the local stack both build the table from this.
 */
export const tableDefinition = {
  /** The local stack's physical name; in AWS each stage names its own (infra/stage.ts). */
  defaultName: 'raffle-main',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Overloaded GSIs: what each holds is documented in functions/platform/store/keys.ts. */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Epoch seconds; sessions, connections, throttles and USSD sessions expire by it. */
  timeToLiveAttribute: 'expiresAt',
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;

/**
 * The one DynamoDB table (DESIGN section 2), declared once as plain data.
 * The CDK data stack and the local stack both build the table from this.
 */
export const tableDefinition = {
  /** The local stack's physical name; in AWS each stage names its own (infra/stage.ts). */
  defaultName: 'raffle-main',
  partitionKey: 'pk',
  sortKey: 'sk',
  /**
   * Overloaded GSIs: what each holds is documented in functions/platform/store/keys.ts.
   * gsi1 and gsi2 project every attribute: each write of an item listed there rewrites its
   * index entry. gsi3 projects the keys and `id` only, so an item listed there is written to
   * it only when it joins or leaves (DESIGN section 10: an assignment is updated by every
   * settlement batch, its index entry never).
   */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: ['id'] },
  ],
  /** Epoch seconds; sessions, connections, throttles and USSD sessions expire by it. */
  timeToLiveAttribute: 'expiresAt',
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;

import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { tableDefinition } from '@shared/db/table-definition';
import { GAME_LEDGER_PARTITION_PREFIX } from '../../functions/platform/store/keys';
import type { TableAccess } from '../table-access';

/** A function's role in the one table (DESIGN section 7): what it may read, write, and never change. */

/**
 * Partitions whose items are never changed once written (DESIGN section 4):
 * the audit log (pk `AUDIT`, functions/modules/audit/store/audit.ts), each user's ledger
 * (pk `LEDGER#<userId>`, functions/modules/payouts/store/balances.ts), the game ledger the
 * regulator report sums (pk `GAMELEDGER#<day>#<part>`, functions/modules/ledger/store/game-ledger.ts)
 * and the sealed daily reports (pk `SEALEDREPORTS`, functions/modules/reports/store/sealed-reports.ts).
 * IAM `StringLike` patterns.
 */
export const APPEND_ONLY_PARTITIONS = [
  'AUDIT',
  'LEDGER#*',
  `${GAME_LEDGER_PARTITION_PREFIX}*`,
  'SEALEDREPORTS',
] as const;

/**
 * Reads of the table's items and Query on its declared GSIs; writes only in
 * the partitions the Lambda's manifest entry names (infra/table-access.ts).
 * No Scan: DESIGN section 2, "aggregates are maintained, never scanned".
 * Transactions need no action of their own: each item is authorised as its
 * Put, Update, Delete or ConditionCheck. `ForAllValues:StringLike` on
 * `dynamodb:LeadingKeys`: every partition key the request touches (a batch's
 * every item) must match; the write actions always carry their keys, so the
 * condition is never vacuously true. An index Query is keyed on the index's
 * partition key, not the table's, so the index grant is a statement of its own
 * (reads only). A function that calls no provider may not read the providers'
 * tokens (a Deny on those partitions, which beats the read grant).
 */
export function grantTableData(grantee: iam.IGrantable, table: ITableV2, access: TableAccess): void {
  const principal = grantee.grantPrincipal;
  principal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'ReadItems',
      actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
      resources: [table.tableArn],
    }),
  );
  principal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'QueryIndexes',
      actions: ['dynamodb:Query'],
      resources: tableDefinition.globalSecondaryIndexes.map((gsi) => `${table.tableArn}/index/${gsi.indexName}`),
    }),
  );
  principal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'WriteOwnPartitions',
      actions: [...WRITE_ACTIONS],
      resources: [table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.writes] } },
    }),
  );
  // an attribute grant: UpdateItem in those partitions of nothing but those attributes (and the key), returning no
  // more than it may read anyway (ws adds a socket to an entry's watchers: functions/lambdas/manifest.ts)
  access.attributeWrites.forEach((grant, i) => {
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: `UpdateAttributesOnly${i}`,
        actions: ['dynamodb:UpdateItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.partitions] },
          'ForAllValues:StringEquals': {
            'dynamodb:Attributes': [tableDefinition.partitionKey, tableDefinition.sortKey, ...grant.attributes],
          },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
        },
      }),
    );
  });
  if (access.secretReadsDenied.length > 0)
    principal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: 'NoProviderTokens',
        effect: iam.Effect.DENY,
        actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
        resources: [table.tableArn],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [...access.secretReadsDenied] } },
      }),
    );
}

/** The item writes, granted only on a Lambda's own partitions. */
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/**
 * DESIGN section 4: the audit log is never changed, and a ledger line, once
 * written, is what explains a balance. An explicit Deny (it beats any Allow)
 * of every action that could change or delete an item whose partition key is
 * the audit's or a ledger's, for every function: none needs to (lines are
 * only ever added, a reversal is a new line). New lines are PutItems inside
 * the change's own transaction and stay allowed; that a Put never overwrites
 * a line is its `attribute_not_exists(pk)` condition (IAM cannot say it).
 * BatchWriteItem is denied whole on these partitions (IAM cannot tell its
 * puts from its deletes; nothing batch-writes them); the PartiQL writes are
 * not granted at all and are denied here too, so a later grant cannot open them.
 */
export function denyChangingAppendOnlyLines(grantee: iam.IGrantable, table: ITableV2): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      effect: iam.Effect.DENY,
      actions: [
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:PartiQLUpdate',
        'dynamodb:PartiQLDelete',
      ],
      resources: [table.tableArn],
      conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [...APPEND_ONLY_PARTITIONS] } },
    }),
  );
}

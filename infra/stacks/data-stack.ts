import { RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../shared/db/table-definition';

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * The one DynamoDB table (built from shared/db/table-definition.ts, the module
 * the local stack also uses) and the integrations secret (DESIGN section 8).
 */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly integrationsSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: tableDefinition.defaultName,
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: stringKey(gsi.partitionKey),
        sortKey: stringKey(gsi.sortKey),
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      dynamoStream: dynamodb.StreamViewType[tableDefinition.streamView],
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // Entries, payments and payouts are a licensed lottery's records: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.integrationsSecret = new secretsmanager.Secret(this, 'IntegrationsSecret', {
      secretName: 'raffle/integrations',
      description:
        'MTN MoMo / Orange Money API keys, USSD gateway secrets and SMS gateway credentials (JSON), set by an operator',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.integrationsSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Holds third-party credentials (MoMo API user/key, USSD and SMS gateway secrets) issued by the providers; they are rotated in the providers\' portals, so a rotation Lambda cannot rotate them.',
    });
  }
}

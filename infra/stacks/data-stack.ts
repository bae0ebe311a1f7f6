import { RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { tableDefinition } from '@shared/db/table-definition';
import { TABLE_WARM_THROUGHPUT } from '../capacity';
import type { StageNames } from '../stage';

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

export interface DataStackProps extends StackProps {
  /** Physical names of this stage's table and secrets (infra/stage.ts). */
  readonly names: StageNames;
}

/**
 * The one DynamoDB table (built from shared/db/table-definition.ts, the module
 * the local stack also uses), the integrations secret (DESIGN section 8) and
 * the origin-verify secret (DESIGN section 7). The secrets live here, not in
 * the web stack, because the api and realtime stacks (which the web stack
 * depends on) give their functions the origin-verify secret too.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly integrationsSecret: secretsmanager.Secret;
  /** The value CloudFront adds as X-Origin-Verify; the functions refuse requests without it. */
  readonly originVerifySecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: props.names.table,
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: stringKey(gsi.partitionKey),
        sortKey: stringKey(gsi.sortKey),
        ...(gsi.projection === 'ALL'
          ? { projectionType: dynamodb.ProjectionType.ALL }
          : { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...gsi.projection] }),
        warmThroughput: TABLE_WARM_THROUGHPUT.index,
      })),
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      dynamoStream: dynamodb.StreamViewType[tableDefinition.streamView],
      billing: dynamodb.Billing.onDemand(),
      // pre-warmed for the on-air surge (DESIGN section 10): a new on-demand table serves 4,000 write units a second
      warmThroughput: TABLE_WARM_THROUGHPUT.table,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // Entries, payments and payouts are a licensed lottery's records: never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.integrationsSecret = new secretsmanager.Secret(this, 'IntegrationsSecret', {
      secretName: props.names.integrationsSecret,
      description:
        'MTN MoMo / Orange Money API keys, USSD gateway secrets and SMS gateway credentials (JSON), set by an operator',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Created empty (no SecretString, no GenerateSecretString, which the L2 adds by default):
    // CloudFormation then never writes the value, so no template change can wipe the
    // credentials; the operator writes the first value (README "Deploying", step 4).
    (this.integrationsSecret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride(
      'GenerateSecretString',
    );
    Validations.of(this.integrationsSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Holds third-party credentials (MoMo API user/key, USSD and SMS gateway secrets) issued by the providers; they are rotated in the providers' portals, so a rotation Lambda cannot rotate them.",
    });

    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      secretName: props.names.originVerifySecret,
      description:
        'The X-Origin-Verify value CloudFront adds to /api and /ws origin requests; the functions refuse requests without it (DESIGN section 7)',
      // A plain random string: letters and digits only, nothing a header would mangle.
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront holds a copy of the value that only a deploy of the web stack updates, so rotation is an operator step (README "Deploying": new value, then deploy pinning its version); the functions accept the current and previous versions meanwhile.',
    });
  }
}

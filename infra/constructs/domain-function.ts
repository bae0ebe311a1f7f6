import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, CfnRule, Duration, Fn, Stack, Token, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, type DynamoEventSourceProps } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import { METRICS_NAMESPACE } from '@shared/metrics';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { LAMBDA_RUNTIME } from '../node-runtime';
import { tableAccess } from '../table-access';
import { denyChangingAppendOnlyLines, grantTableData } from './table-grants';
import type { ProviderEgress } from '../stacks/network-stack';
import {
  depsLockFile,
  functionEntry,
  LAMBDA_NODE_OPTIONS,
  nodejsBundling,
  projectRoot,
  type FunctionName,
} from '../lambda-bundling';

/**
 * The Powertools layer (AWS-published) at the version the lock file pins:
 * functions/platform/tracing.ts takes the Tracer and the X-Ray SDK from it rather
 * than bundling them (~120 KB a bundle: DESIGN section 9's 500 KB). AWS
 * publishes each version's layer ARN in this public SSM parameter, resolved
 * at deploy time in the stack's region.
 */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${powertoolsVersion()}`;

function powertoolsVersion(): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const version = manifest.dependencies['@aws-lambda-powertools/tracer'];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`@aws-lambda-powertools/tracer must be pinned to an exact version, not ${version}`);
  return version;
}

/** One layer construct per stack (every function of the stack shares it). */
function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  return (
    (stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined) ??
    lambda.LayerVersion.fromLayerVersionArn(
      stack,
      id,
      ssm.StringParameter.valueForStringParameter(stack, POWERTOOLS_LAYER_PARAMETER),
    )
  );
}

/**
 * The AWS Parameters and Secrets Lambda Extension (an AWS-published layer):
 * GetSecretValue over localhost, so the bundles need no Secrets Manager
 * client. Its own cache is off: functions/integrations/secrets.ts keeps the
 * one cache (5 minutes, dropped when a provider refuses our keys), and a
 * second one behind it would only delay a rotated key.
 */
const PARAMS_AND_SECRETS_VERSION = lambda.ParamsAndSecretsVersions.V1_0_103;
const PARAMS_AND_SECRETS_EXTENSION = lambda.ParamsAndSecretsLayerVersion.fromVersion(PARAMS_AND_SECRETS_VERSION, {
  cacheEnabled: false,
  logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
});

/**
 * The regions where the extension's layer (this version, arm64) is published,
 * from aws-cdk-lib's region facts: the template finds the layer ARN in a
 * mapping of exactly these, so a stack in any other region cannot work.
 */
export function paramsAndSecretsRegions(): string[] {
  return RegionInfo.regions
    .filter((region) =>
      region.paramsAndSecretsLambdaLayerArn(PARAMS_AND_SECRETS_VERSION, lambda.Architecture.ARM_64.name),
    )
    .map((region) => region.name)
    .sort();
}

const unsupportedRegionMessage = (region: string) =>
  `The AWS Parameters and Secrets Lambda Extension (layer ${PARAMS_AND_SECRETS_VERSION}, arm64), which the functions read their secrets through, ` +
  `is not published in ${region}. Deploy to one of: ${paramsAndSecretsRegions().join(', ')}.`;

/**
 * Refuses a region without the extension before anything is created: at synth
 * when the region is known (`-c region=`), otherwise as a CloudFormation rule
 * checked when the change set is made (instead of a failed mapping lookup halfway
 * through `cdk deploy`).
 */
function requireParamsAndSecretsRegion(stack: Stack): void {
  const regions = paramsAndSecretsRegions();
  if (!Token.isUnresolved(stack.region)) {
    if (!regions.includes(stack.region)) throw new Error(unsupportedRegionMessage(stack.region));
    return;
  }
  new CfnRule(stack, 'ParamsAndSecretsExtensionRegion', {
    assertions: [
      { assert: Fn.conditionContains(regions, Aws.REGION), assertDescription: unsupportedRegionMessage('this region') },
    ],
  });
}

export interface DomainFunctionProps {
  /** Folder under functions/; also the Powertools service name. */
  readonly name: FunctionName;
  /** Deployment stage, e.g. `prod` (the functions' STAGE). */
  readonly stage: string;
  readonly table: ITableV2;
  /** Powertools log level (LOG_LEVEL). */
  readonly logLevel: string;
  /**
   * Granted read access and passed as INTEGRATIONS_SECRET_ARN when given; the
   * function then also gets the Parameters and Secrets Extension it reads it through.
   */
  readonly integrationsSecret?: ISecret;
  /**
   * For functions behind CloudFront (HTTP API, WebSocket): granted read access
   * and passed as ORIGIN_VERIFY_SECRET_ARN (the ARN, not the value: the
   * function reads the value through the extension, functions/platform/origin-verify.ts).
   */
  readonly originVerifySecret?: ISecret;
  /** @default 256 */
  readonly memorySize?: number;
  /** Concurrency kept for this function alone (infra/capacity.ts); @default none */
  readonly reservedConcurrency?: number;
  readonly description?: string;
  readonly environment?: Record<string, string>;
  /** Async invocation retries (scheduled jobs); @default Lambda's default (2) */
  readonly retryAttempts?: number;
  /** Consume the table's stream with these settings (the fan-out). */
  readonly tableStream?: DynamoEventSourceProps;
  /**
   * For a function that calls providers (TIME_BUDGETS' callsProviders): run it in
   * the egress VPC's private subnets, so its calls leave from the NAT gateways'
   * fixed addresses (infra/stacks/network-stack.ts).
   */
  readonly egress?: ProviderEgress;
}

/**
 * One Lambda of the platform (DESIGN section 2), with the defaults every
 * function shares: Node.js 24 on arm64, the bundling of lambda-bundling.ts,
 * the common environment, an owned log group with retention, X-Ray tracing,
 * and a role that may write only its own log group and, in the table, only
 * the partitions its manifest entry names (infra/table-access.ts)
 * (and, where given, read the integrations and origin-verify secrets). No
 * function may change or delete an audit or ledger line (DESIGN section 4).
 */
export class DomainFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: DomainFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.THREE_MONTHS });

    // An own role instead of AWSLambdaBasicExecutionRole: logs go to this group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `raffle ${props.stage} ${props.name} function`,
    });
    this.logGroup.grantWrite(this.role);
    grantTableData(this.role, props.table, tableAccess(props.name));
    denyChangingAppendOnlyLines(this.role, props.table);
    const readsSecret = props.integrationsSecret !== undefined || props.originVerifySecret !== undefined;
    const stack = Stack.of(this);
    if (readsSecret && !stack.node.tryFindChild('ParamsAndSecretsExtensionRegion'))
      requireParamsAndSecretsRegion(stack);

    this.function = new NodejsFunction(this, 'Function', {
      entry: functionEntry(props.name).entry,
      handler: 'handler',
      projectRoot,
      depsLockFilePath: depsLockFile,
      bundling: nodejsBundling,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      reservedConcurrentExecutions: props.reservedConcurrency,
      // the one table of budgets (DESIGN section 8): the provider calls inside are cut to fit it
      timeout: Duration.seconds(TIME_BUDGETS[props.name].timeoutSeconds),
      description: props.description,
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      layers: [powertoolsLayer(this)],
      retryAttempts: props.retryAttempts,
      // functions/platform/secrets-extension.ts reads the secrets through this extension, not the SDK
      ...(readsSecret ? { paramsAndSecrets: PARAMS_AND_SECRETS_EXTENSION } : {}),
      ...(props.egress
        ? {
            vpc: props.egress.vpc,
            vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
            securityGroups: [props.egress.securityGroup],
          }
        : {}),
      environment: {
        TABLE_NAME: props.table.tableName,
        STAGE: props.stage,
        POWERTOOLS_SERVICE_NAME: props.name,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        LOG_LEVEL: props.logLevel,
        NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
        ...(props.integrationsSecret ? { INTEGRATIONS_SECRET_ARN: props.integrationsSecret.secretArn } : {}),
        ...(props.originVerifySecret ? { ORIGIN_VERIFY_SECRET_ARN: props.originVerifySecret.secretArn } : {}),
        ...props.environment,
      },
    });
    props.integrationsSecret?.grantRead(this.role);
    props.originVerifySecret?.grantRead(this.role);

    if (props.tableStream) this.function.addEventSource(new DynamoEventSource(props.table, props.tableStream));
    // Lambda creates and removes the function's network interfaces in the VPC with the function's role
    // (the statements of AWSLambdaVPCAccessExecutionRole, without its log permissions on every group)
    if (props.egress) {
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: [
            'ec2:CreateNetworkInterface',
            'ec2:DescribeNetworkInterfaces',
            'ec2:DescribeSubnets',
            'ec2:DeleteNetworkInterface',
            'ec2:AssignPrivateIpAddresses',
            'ec2:UnassignPrivateIpAddresses',
          ],
          resources: ['*'],
        }),
      );
    }

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: [
        'Only for actions that have no resource-level permissions: X-Ray trace upload (xray:PutTraceSegments, xray:PutTelemetryRecords)',
        ...(props.tableStream ? ['dynamodb:ListStreams (the other stream actions are scoped to the stream ARN)'] : []),
        ...(props.egress
          ? [
              "the VPC network-interface actions Lambda takes with the function's role (ec2:CreateNetworkInterface and the Describe/Delete/Assign that go with it: AWS documents them on *)",
            ]
          : []),
      ].join('; and '),
    });
  }
}

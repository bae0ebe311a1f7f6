import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { schedules } from '@shared/schedules';
import { accessLogFormat } from '../constructs/access-log-format';
import { DomainFunction } from '../constructs/domain-function';
import { nagArnParts } from '../constructs/nag-arn';
import type { ProviderEgress } from './network-stack';
import { PROMPT_BATCH_SIZE, PROMPT_PARALLELIZATION, PROMPT_RECORDS, STREAM_BATCH_SIZE } from '../stream-batching';

/**
 * The WebSocket stage is named after the path CloudFront serves it on
 * (DESIGN section 6: one connection per tab at `/ws`). CloudFront passes the
 * viewer path through, and API Gateway reads the first path segment as the
 * stage, so `/ws` on the site reaches this stage with no rewriting.
 */
export const WEBSOCKET_STAGE_NAME = 'ws';

/** The client messages' actions (DESIGN section 6), routed by `$request.body.action`. */
const WEBSOCKET_ACTIONS = ['subscribe', 'unsubscribe'] as const;
export const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default', ...WEBSOCKET_ACTIONS] as const;

/**
 * Route throttles of the WebSocket stage (DESIGN section 7), for the whole
 * stage, all clients together: they bound what a flood can make the ws
 * Lambda run before its per-connection budget (shared/frame-budget.ts) is
 * even read. Sized for 500 dashboards (DESIGN section 9) reconnecting at once
 * after a blip — each opens one socket and subscribes to at most 20 topics,
 * most to a handful — with room to spare. `$default` is a frame of no known
 * action: our client never sends one, so junk is throttled hard.
 * `$disconnect` is API Gateway's own event: not throttled beyond the stage.
 */
export const WEBSOCKET_ROUTE_THROTTLES = {
  $connect: { rateLimit: 100, burstLimit: 500 },
  subscribe: { rateLimit: 500, burstLimit: 2000 },
  unsubscribe: { rateLimit: 200, burstLimit: 1000 },
  $default: { rateLimit: 10, burstLimit: 50 },
} as const satisfies Partial<Record<(typeof WEBSOCKET_ROUTES)[number], { rateLimit: number; burstLimit: number }>>;

export interface RealtimeStackProps extends StackProps {
  readonly stage: string;
  readonly logLevel: string;
  readonly table: ITableV2;
  readonly integrationsSecret: ISecret;
  /** The ws function refuses a $connect that did not come through CloudFront with it (DESIGN section 7). */
  readonly originVerifySecret: ISecret;
  /** Stage-wide default route throttling of the WebSocket API. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Site origins allowed to open a socket (the ws Lambda's ALLOWED_ORIGINS), e.g.
   * the custom domain. Not derived from the distribution: that would make the
   * web and realtime stacks depend on each other.
   */
  readonly allowedOrigins?: readonly string[];
  /** Extra environment for every function (e.g. PUBLIC_BASE_URL). */
  readonly functionEnvironment?: Record<string, string>;
  /** The fixed egress the functions that call providers (prompts, jobs, the stream's settlement SMS) run behind. */
  readonly providerEgress: ProviderEgress;
}

/**
 * Live updates and background work (DESIGN sections 2 and 6): the WebSocket
 * API and its Lambda, the stream fan-out Lambda on the table's stream, and the
 * scheduled jobs Lambda with one EventBridge Scheduler schedule per job.
 */
export class RealtimeStack extends Stack {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly webSocketStage: apigwv2.WebSocketStage;
  readonly wsFunction: DomainFunction;
  readonly streamFunction: DomainFunction;
  readonly promptsFunction: DomainFunction;
  readonly jobsFunction: DomainFunction;
  /** Where fan-out batches that still fail after bisecting and retries are recorded (safe to purge once read). */
  readonly streamDeadLetterQueue: sqs.Queue;
  /**
   * The payment prompts' own: new entries whose prompt was never claimed. Never
   * purged (README runbook: redrive), so it is not shared with the fan-out's.
   */
  readonly promptsDeadLetterQueue: sqs.Queue;
  readonly schedules: scheduler.Schedule[];

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const common = { stage: props.stage, logLevel: props.logLevel, table: props.table };

    // ── WebSocket API ───────────────────────────────────────────────────
    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      description: `raffle ${props.stage} live updates (served through CloudFront /ws)`,
      routeSelectionExpression: '$request.body.action',
    });
    this.webSocketStage = new apigwv2.WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WEBSOCKET_STAGE_NAME,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(
          new logs.LogGroup(this, 'WebSocketAccessLogs', { retention: logs.RetentionDays.THREE_MONTHS }),
        ),
        format: accessLogFormat('websocket'),
      },
    });
    // WebSocket (unlike HTTP) API logging needs the account's API Gateway → CloudWatch role.
    const apiGatewayAccount = this.apiGatewayCloudWatchRole();
    this.webSocketStage.node.addDependency(apiGatewayAccount);

    this.wsFunction = new DomainFunction(this, 'WsFunction', {
      ...common,
      name: 'ws',
      description: 'raffle WebSocket $connect/$disconnect/subscribe/unsubscribe',
      originVerifySecret: props.originVerifySecret,
      environment: {
        ...props.functionEnvironment,
        WS_MANAGEMENT_ENDPOINT: this.webSocketStage.callbackUrl,
        ...(props.allowedOrigins?.length ? { ALLOWED_ORIGINS: props.allowedOrigins.join(',') } : {}),
      },
    });
    // One integration for every route: the ws Lambda switches on the route key itself.
    const integration = new WebSocketLambdaIntegration('WsIntegration', this.wsFunction.function);
    for (const routeKey of WEBSOCKET_ROUTES) {
      const route = this.webSocketApi.addRoute(routeKey, { integration });
      // route settings name routes that must exist first (else "Unable to find Route by key")
      this.webSocketStage.node.addDependency(route);
    }
    (this.webSocketStage.node.defaultChild as apigwv2.CfnStage).routeSettings = Object.fromEntries(
      Object.entries(WEBSOCKET_ROUTE_THROTTLES).map(([routeKey, { rateLimit, burstLimit }]) => [
        routeKey,
        { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit },
      ]),
    );
    this.allowPostingToConnections(this.wsFunction);

    Validations.of(this.webSocketApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The socket is authorised in the ws Lambda (DESIGN sections 6 and 7): $connect reads the __Host-session cookie and every subscribe checks that the session may read the topic; anonymous sockets can read nothing.',
    });

    // ── Stream fan-out, and settlement ──────────────────────────────────
    this.streamDeadLetterQueue = this.deadLetterQueue('StreamFanOutDlq', 'the stream fan-out');

    // DESIGN section 4: a callback confirms its entry and answers; the entries confirmed together settle here, beside
    // the fan-out (DynamoDB Streams serves two readers a shard: this and the payment prompts), with their ticket SMS
    this.streamFunction = new DomainFunction(this, 'StreamFunction', {
      ...common,
      name: 'stream',
      description: 'raffle DynamoDB stream fan-out to WebSocket topic subscribers; settlement of confirmed entries',
      integrationsSecret: props.integrationsSecret,
      egress: props.providerEgress,
      environment: { ...props.functionEnvironment, WS_MANAGEMENT_ENDPOINT: this.webSocketStage.callbackUrl },
      tableStream: {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: STREAM_BATCH_SIZE,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // Bounded: a dashboard update this stale is superseded by the next change's rebuild, and reconciliation
        // (every minute, for payments open over a minute) settles a confirmed entry whose settling kept failing.
        retryAttempts: 5,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.streamDeadLetterQueue),
      },
    });
    this.allowPostingToConnections(this.streamFunction);

    // ── Payment prompts ─────────────────────────────────────────────────
    // DESIGN section 8: entries are answered at once and their payment requests go out from here, beside them
    this.promptsDeadLetterQueue = this.deadLetterQueue('PromptsDlq', 'the payment prompts');
    this.promptsFunction = new DomainFunction(this, 'PromptsFunction', {
      ...common,
      name: 'prompts',
      description:
        'raffle payment prompts: asks the mobile-money provider to collect each newly stored entry; sends new one-time codes',
      integrationsSecret: props.integrationsSecret,
      egress: props.providerEgress,
      environment: props.functionEnvironment,
      tableStream: {
        startingPosition: lambda.StartingPosition.LATEST,
        // new entries: the INSERT of an entry's own item
        // and new one-time codes' SMS (web My tickets), sent at once
        filters: PROMPT_RECORDS.map(({ pkPrefix, sk }) => newItems(pkPrefix, sk)),
        // small batches, many at once: each prompt waits on its provider, and every entry is its own item
        batchSize: PROMPT_BATCH_SIZE,
        parallelizationFactor: PROMPT_PARALLELIZATION,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: 3,
        // past this the player has given up; reconciliation resolves the entry
        maxRecordAge: Duration.minutes(10),
        onFailure: new SqsDlq(this.promptsDeadLetterQueue),
      },
    });

    // ── Scheduled jobs ──────────────────────────────────────────────────
    this.jobsFunction = new DomainFunction(this, 'JobsFunction', {
      ...common,
      name: 'jobs',
      description: 'raffle scheduled jobs (EventBridge Scheduler, input {"job": name})',
      integrationsSecret: props.integrationsSecret,
      egress: props.providerEgress,
      environment: props.functionEnvironment,
      // Jobs are idempotent and run again at the next tick; async retries would only overlap runs.
      retryAttempts: 0,
    });
    // One role for all schedules, assumable by EventBridge Scheduler for this account only.
    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
      description: 'EventBridge Scheduler: invoke the raffle jobs Lambda',
    });
    const jobsFunctionId = this.getLogicalId(this.jobsFunction.function.node.defaultChild as lambda.CfnFunction);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${jobsFunctionId}.Arn>:*]`,
      reason:
        'lambda:InvokeFunction on the jobs function only; the `:*` suffix (added by grantInvoke) covers its versions and aliases, nothing else.',
    });
    this.schedules = schedules.map(
      (spec) =>
        new scheduler.Schedule(this, `Schedule-${spec.job}`, {
          description: spec.description,
          schedule: scheduler.ScheduleExpression.expression(spec.expression),
          target: new LambdaInvoke(this.jobsFunction.function, {
            role: schedulerRole,
            input: scheduler.ScheduleTargetInput.fromObject({ job: spec.job }),
            retryAttempts: 2,
            maxEventAge: Duration.minutes(5),
          }),
        }),
    );
  }

  /** A stream consumer's on-failure destination: encrypted, TLS only, records kept 14 days. */
  private deadLetterQueue(id: string, consumer: string): sqs.Queue {
    const queue = new sqs.Queue(this, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the dead-letter destination (on-failure) of ${consumer} event source mapping.`,
    });
    return queue;
  }

  /** execute-api:ManageConnections on this stage's @connections (send a topic message, drop a gone socket). */
  private allowPostingToConnections(fn: DomainFunction): void {
    this.webSocketStage.grantManagementApiAccess(fn.role);
    const apiId = this.getLogicalId(this.webSocketApi.node.defaultChild as apigwv2.CfnApi);
    const { partition, region } = nagArnParts(this);
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${partition}:execute-api:${region}:<AWS::AccountId>:<${apiId}>/${WEBSOCKET_STAGE_NAME}/*/@connections/*]`,
      reason:
        'Only the @connections of this WebSocket API stage; connection ids are created at runtime, so the path ends in a wildcard.',
    });
  }

  /** The account-level role API Gateway uses to write WebSocket access logs. */
  private apiGatewayCloudWatchRole(): apigateway.CfnAccount {
    const role = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'The AWS-maintained policy made for exactly this role: API Gateway creates and writes its own log groups for WebSocket stages.',
    });
    return new apigateway.CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
  }
}

/** A stream filter for the INSERT of items whose pk starts with `pkPrefix` and whose sk is `sk`. */
const newItems = (pkPrefix: string, sk: string) =>
  lambda.FilterCriteria.filter({
    eventName: lambda.FilterRule.isEqual('INSERT'),
    dynamodb: { Keys: { pk: { S: lambda.FilterRule.beginsWith(pkPrefix) }, sk: { S: lambda.FilterRule.isEqual(sk) } } },
  });

// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_DOMAINS, allRoutes, deployedRoutes, routes, type RouteSpec } from '@shared/api/routes';
import { tableDefinition } from '@shared/db/table-definition';
import { schedules } from '@shared/schedules';
import { auditWrite } from '../../functions/modules/audit/store/audit';
import { balanceChange } from '../../functions/modules/payouts/store/balances';
import { prizeLine, stakeLine } from '../../functions/modules/ledger/game-ledger-rules';
import { gameLedgerPut } from '../../functions/modules/ledger/store/game-ledger';
import { gameLedgerStakesPut } from '../../functions/modules/ledger/store/stake-batches';
import { bundleFunctions } from '../../infra/bundle-functions';
import { MAX_BUNDLE_KB, REQUIRE_BANNER, functionEntries, projectRoot } from '../../infra/lambda-bundling';
import { POWERTOOLS_LAYER_PARAMETER } from '../../infra/constructs/domain-function';
import { APPEND_ONLY_PARTITIONS } from '../../infra/constructs/table-grants';
import { METRICS } from '@shared/metrics';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/api/schemas/payouts';
import { catalogueKeyOf, emittedMetrics } from './metric-emitters';
import { ONE_VCPU_MB, routeKeyOf, toApiGatewayPath } from '../../infra/stacks/api-stack';
import { SURGE_TARGET } from '@shared/capacity';
import { PER_ENTRY, PROMPTING_DOMAINS, RESERVED_CONCURRENCY, TABLE_WARM_THROUGHPUT } from '../../infra/capacity';
import { buildApp, type RaffleApp } from '../../infra/bin/app';
import { houseGameRoutes } from '@shared/api/endpoints/play';
import { HOUSE_GAMES } from '@shared/games';
import { App } from 'aws-cdk-lib';
import { WEBSOCKET_ROUTE_THROTTLES, WEBSOCKET_ROUTES, WEBSOCKET_STAGE_NAME } from '../../infra/stacks/realtime-stack';
import { PROMPT_BATCH_SIZE, PROMPT_PARALLELIZATION, STREAM_BATCH_SIZE } from '../../infra/stream-batching';
import {
  ACCESS_CODE_SMS_PREFIX,
  ENTRY_PREFIX,
  ENTRY_SORT_KEY,
  SMS_SORT_KEY,
  accessCodeSmsIdOfKey,
  entryIdOfKey,
  keys,
} from '../../functions/platform/store/keys';
import { smsIdOf } from '../../functions/modules/messages';
import {
  FINISH_MARGIN_MS,
  GATEWAY_LIMIT_MS,
  PROMPT_ATTEMPT_MS,
  PROMPT_ATTEMPTS,
  PROMPT_BACKOFF_MS,
  PROMPT_WORST_MS,
  TIME_BUDGETS,
} from '@shared/time-budgets';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth-app';

/** CloudFront managed policy ids (AWS documentation, "Use managed ... policies"). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

let synth: SynthesizedApp;

beforeAll(() => {
  synth = synthApp({ withWebDist: false });
}, 300_000);
afterAll(() => synth?.dispose());

const lambdaStacks = () => [synth.api, synth.realtime];

/** Function logical id → its service name (the folder under functions/). */
function serviceByFunctionId(stack: 'api' | 'realtime'): Record<string, string> {
  const functions = resourcesOf(synth.template(synth[stack]), 'AWS::Lambda::Function');
  return Object.fromEntries(
    Object.entries(functions).map(([id, fn]) => [id, fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME]),
  );
}

/** Route key → the service name of the Lambda it integrates with. */
function routeTargets(stack: 'api' | 'realtime'): Record<string, string> {
  const template = synth.template(synth[stack]);
  const services = serviceByFunctionId(stack);
  const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
  const serviceOfIntegration = (id: string) => {
    const uri = integrations[id]?.Properties.IntegrationUri;
    const functionId = uri?.['Fn::GetAtt']?.[0] ?? JSON.stringify(uri).match(/"Fn::GetAtt":\["(\w+)","Arn"\]/)?.[1];
    return services[functionId] ?? `unknown integration ${id}`;
  };
  return Object.fromEntries(
    Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map((route) => {
      const integrationId: string = route.Properties.Target['Fn::Join'][1][1].Ref;
      return [route.Properties.RouteKey, serviceOfIntegration(integrationId)];
    }),
  );
}

describe('data stack', () => {
  it('builds the table from the shared table definition', () => {
    const table = synth.template(synth.data);
    table.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    table.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        TableName: 'raffle-prod-main',
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((gsi) => ({
          IndexName: gsi.indexName,
          KeySchema: [
            { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
          ],
          Projection:
            gsi.projection === 'ALL'
              ? { ProjectionType: 'ALL' }
              : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...gsi.projection] },
        })),
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
        StreamSpecification: { StreamViewType: tableDefinition.streamView },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      },
    });
  });

  it('keeps the integrations secret, and passes its ARN to the functions that call providers', () => {
    synth
      .template(synth.data)
      .hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'raffle/prod/integrations' });
    const env = (fn: { Properties: Record<string, any> }) => fn.Properties.Environment.Variables;
    const functions = lambdaStacks().flatMap((s) =>
      Object.values(resourcesOf(synth.template(s), 'AWS::Lambda::Function')),
    );
    const withSecret = functions
      .filter((fn) => env(fn).INTEGRATIONS_SECRET_ARN)
      .map((fn) => env(fn).POWERTOOLS_SERVICE_NAME);
    expect(withSecret.sort()).toEqual(INTEGRATIONS_SECRET_READERS);
  });

  it('lets those functions, and no other, read the integrations secret (the admin portal reads none: its payouts and draws have Lambdas of their own)', () => {
    const readers = functionsWithStatements()
      .filter(({ statements }) =>
        statements.some(
          (s) =>
            s.Effect === 'Allow' &&
            actionsOf(s).includes('secretsmanager:GetSecretValue') &&
            [s.Resource].flat().some((resource) => dataResourceImportedBy(resource) === integrationsSecretId()),
        ),
      )
      .map(({ name }) => name);
    expect(integrationsSecretId()).toBeDefined();
    expect(readers.sort()).toEqual(INTEGRATIONS_SECRET_READERS);
  });

  it('gives exactly the functions that read a secret the Parameters and Secrets extension they read it through', () => {
    const env = (fn: { Properties: Record<string, any> }) => fn.Properties.Environment.Variables;
    for (const stack of lambdaStacks()) {
      for (const fn of Object.values(resourcesOf(synth.template(stack), 'AWS::Lambda::Function'))) {
        const name = env(fn).POWERTOOLS_SERVICE_NAME;
        const extension = /"Fn::FindInMap":\["Paramsandsecretslayer\w*",\{"Ref":"AWS::Region"\},"\w*arm64"\]/;
        if (env(fn).INTEGRATIONS_SECRET_ARN || env(fn).ORIGIN_VERIFY_SECRET_ARN) {
          expect(JSON.stringify(fn.Properties.Layers), name).toMatch(extension);
          expect(env(fn).PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, name).toBeDefined();
        } else {
          expect(JSON.stringify(fn.Properties.Layers), name).not.toMatch(extension);
        }
      }
    }
  });

  it('gives every function the Powertools layer of the pinned version (the Tracer is not bundled: functions/platform/tracing.ts)', () => {
    const pinned = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).dependencies[
      '@aws-lambda-powertools/tracer'
    ];
    expect(POWERTOOLS_LAYER_PARAMETER).toBe(`/aws/service/powertools/typescript/generic/all/${pinned}`);
    for (const stack of lambdaStacks()) {
      const template = synth.template(stack);
      const parameters = Object.entries(
        template.toJSON().Parameters as Record<string, { Type: string; Default: string }>,
      );
      const [layerParameter] = parameters.find(([, p]) => p.Default === POWERTOOLS_LAYER_PARAMETER) ?? [];
      expect(layerParameter, stack.stackName).toBeDefined();
      for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
        expect(fn.Properties.Layers, fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toContainEqual({
          Ref: layerParameter,
        });
      }
    }
  });
});

describe('Lambda functions', () => {
  it('has exactly one function per HTTP domain plus ws, stream, prompts and jobs', () => {
    const services = [...Object.values(serviceByFunctionId('api')), ...Object.values(serviceByFunctionId('realtime'))];
    expect(services.sort()).toEqual(
      functionEntries()
        .map((e) => e.name)
        .sort(),
    );
    expect(Object.values(serviceByFunctionId('api')).sort()).toEqual([...HTTP_DOMAINS].sort());
  });

  it('runs every function on Node.js 24, arm64, with the shared environment, tracing and its own log group', () => {
    for (const stack of lambdaStacks()) {
      for (const fn of Object.values(resourcesOf(synth.template(stack), 'AWS::Lambda::Function'))) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs24.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          TracingConfig: { Mode: 'Active' },
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
          Environment: {
            Variables: {
              TABLE_NAME: expect.anything(),
              STAGE: 'prod',
              LOG_LEVEL: 'INFO',
              NODE_OPTIONS: '--enable-source-maps',
            },
          },
        });
      }
    }
  });

  it('gives auth one full vCPU (1,769 MB) for sign-in scrypt, and admin 512 MB for new passwords', () => {
    const functions = resourcesOf(synth.template(synth.api), 'AWS::Lambda::Function');
    const memory = Object.fromEntries(
      Object.values(functions).map((fn) => [
        fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
        fn.Properties.MemorySize,
      ]),
    );
    expect(memory.auth).toBe(ONE_VCPU_MB);
    expect(ONE_VCPU_MB).toBe(1769);
    expect(memory.admin).toBe(512);
  });

  it('points the ws and stream functions at the WebSocket stage for @connections', () => {
    const functions = Object.values(resourcesOf(synth.template(synth.realtime), 'AWS::Lambda::Function'));
    for (const fn of functions.filter((f) =>
      ['ws', 'stream'].includes(f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME),
    )) {
      expect(JSON.stringify(fn.Properties.Environment.Variables.WS_MANAGEMENT_ENDPOINT)).toMatch(
        new RegExp(`"https://".*execute-api.*"/${WEBSOCKET_STAGE_NAME}"`),
      );
    }
  });

  it('bundles exactly as build:functions does (same bytes, ESM with the createRequire banner)', async () => {
    const outRoot = mkdtempSync(join(tmpdir(), 'raffle-bundles-'));
    try {
      const built = await bundleFunctions(outRoot);
      const assetOf = new Map<string, string>();
      for (const stack of lambdaStacks()) {
        for (const fn of Object.values(resourcesOf(synth.template(stack), 'AWS::Lambda::Function'))) {
          const hash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
          assetOf.set(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME, join(synth.outdir, `asset.${hash}`));
        }
      }
      for (const bundle of built) {
        const fromCdk = readFileSync(join(assetOf.get(bundle.name)!, 'index.mjs'));
        expect(fromCdk.equals(readFileSync(bundle.file)), `${bundle.name} bundle differs`).toBe(true);
        expect(fromCdk.subarray(0, REQUIRE_BANNER.length).toString()).toBe(REQUIRE_BANNER);
      }
      // DESIGN section 9: at most 500 KB each (a Lambda that outgrows it is split by what it serves, as payouts and draws were)
      const over = built
        .filter((bundle) => bundle.bytes > MAX_BUNDLE_KB * 1024)
        .map((bundle) => `${bundle.name}: ${(bundle.bytes / 1024).toFixed(1)} KB`);
      expect(over).toEqual([]);
      // a Lambda that parses no request bundles no zod (endpoints name no answers: DESIGN section 9's size and load bars)
      const parsesRequests = new Set(
        allRoutes.filter(([, spec]) => spec.body || spec.query).map(([, spec]) => spec.domain as string),
      );
      const withZod = built
        .filter((bundle) => !parsesRequests.has(bundle.name))
        .filter((bundle) => readFileSync(bundle.file, 'utf8').includes('$ZodType'))
        .map((bundle) => bundle.name);
      expect(withZod).toEqual([]);
      expect(built.filter((bundle) => !parsesRequests.has(bundle.name)).map((bundle) => bundle.name)).toEqual(
        expect.arrayContaining(['webhooks', 'ussd', 'partner', 'ws', 'stream', 'prompts', 'jobs']),
      );
    } finally {
      rmSync(outRoot, { recursive: true, force: true });
    }
  }, 180_000); // every function bundled again: over a minute on a loaded 2-core machine
});

describe('HTTP API', () => {
  it('has a route for every deployed routing-table entry, integrated with its domain Lambda', () => {
    const targets = routeTargets('api');
    for (const [name, spec] of deployedRoutes()) {
      expect(targets[`${spec.method} ${toApiGatewayPath(spec.path)}`], name).toBe(spec.domain);
    }
  });

  it('does not deploy local-only routes', () => {
    const targets = routeTargets('api');
    const localOnly = allRoutes.filter(([, spec]) => spec.access.kind === 'local');
    expect(localOnly.length).toBeGreaterThan(0);
    for (const [name, spec] of localOnly) {
      expect(targets[`${spec.method} ${toApiGatewayPath(spec.path)}`], name).toBeUndefined();
    }
  });

  it('sends every other /api path to the public function (our JSON 404)', () => {
    const targets = routeTargets('api');
    expect(targets['ANY /api/{proxy+}']).toBe('public');
    expect(Object.keys(targets)).toHaveLength(deployedRoutes().length + 1);
  });

  it('logs access and throttles by default', () => {
    synth.template(synth.api).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });
});

describe('realtime stack', () => {
  it('routes $connect, $disconnect, $default, subscribe and unsubscribe to the ws Lambda', () => {
    const realtime = synth.template(synth.realtime);
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    const targets = routeTargets('realtime');
    expect(Object.keys(targets).sort()).toEqual([...WEBSOCKET_ROUTES].sort());
    for (const routeKey of WEBSOCKET_ROUTES) expect(targets[routeKey], routeKey).toBe('ws');
    realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: WEBSOCKET_STAGE_NAME,
      AccessLogSettings: Match.anyValue(),
    });
  });

  it('throttles the WebSocket routes one by one, junk frames ($default) hardest (DESIGN section 7)', () => {
    const stage = synth.template(synth.realtime).findResources('AWS::ApiGatewayV2::Stage', {
      Properties: { StageName: WEBSOCKET_STAGE_NAME },
    });
    const [resource] = Object.values(stage);
    const settings = resource!.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    expect(Object.keys(settings).sort()).toEqual(['$connect', '$default', 'subscribe', 'unsubscribe']);
    for (const [routeKey, limits] of Object.entries(WEBSOCKET_ROUTE_THROTTLES))
      expect(settings[routeKey], routeKey).toEqual({
        ThrottlingRateLimit: limits.rateLimit,
        ThrottlingBurstLimit: limits.burstLimit,
      });
    // below the stage-wide default, so each route's own limit is the one that holds
    const stageDefault = resource!.Properties.DefaultRouteSettings as { ThrottlingRateLimit: number };
    for (const limits of Object.values(settings))
      expect(limits.ThrottlingRateLimit).toBeLessThanOrEqual(stageDefault.ThrottlingRateLimit);
    expect(settings.$default!.ThrottlingRateLimit).toBe(
      Math.min(...Object.values(settings).map((limits) => limits.ThrottlingRateLimit)),
    );
    // the routes the settings name exist before the stage
    const routes = Object.keys(synth.template(synth.realtime).findResources('AWS::ApiGatewayV2::Route'));
    expect(routes).toHaveLength(WEBSOCKET_ROUTES.length);
    expect(resource!.DependsOn).toEqual(expect.arrayContaining(routes));
  });

  it('feeds the table stream to the fan-out Lambda with bisecting, partial batch failures and a DLQ', () => {
    const realtime = synth.template(synth.realtime);
    const services = serviceByFunctionId('realtime');
    const mappings = Object.values(resourcesOf(realtime, 'AWS::Lambda::EventSourceMapping'));
    // the fan-out and the payment prompts: two readers of the stream, DynamoDB Streams' limit per shard
    expect(mappings.map((m) => services[m.Properties.FunctionName.Ref]).sort()).toEqual(['prompts', 'stream']);
    const mapping = mappings.find((m) => services[m.Properties.FunctionName.Ref] === 'stream')!.Properties;
    expect(mapping).toMatchObject({
      StartingPosition: 'LATEST',
      // the local poller's batches are the same size (one definition)
      BatchSize: STREAM_BATCH_SIZE,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: expect.any(Number),
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
    });
    expect(mapping.MaximumRetryAttempts).toBeGreaterThanOrEqual(0);
    expect(mapping.MaximumRetryAttempts).toBeLessThanOrEqual(10);
    const dlqId = mapping.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    realtime.hasResource('AWS::SQS::Queue', { Properties: { SqsManagedSseEnabled: true } });
    expect(Object.keys(resourcesOf(realtime, 'AWS::SQS::Queue'))).toContain(dlqId);
    realtime.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: dlqId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('feeds new entries, and only them, to the payment prompts in small parallel batches with partial failures and a DLQ', () => {
    const realtime = synth.template(synth.realtime);
    const services = serviceByFunctionId('realtime');
    const mapping = Object.values(resourcesOf(realtime, 'AWS::Lambda::EventSourceMapping')).find(
      (m) => services[m.Properties.FunctionName.Ref] === 'prompts',
    )!.Properties;
    expect(mapping).toMatchObject({
      StartingPosition: 'LATEST',
      // the local stack's prompts poller hands over batches of the same size, without waiting for one another
      BatchSize: PROMPT_BATCH_SIZE,
      ParallelizationFactor: PROMPT_PARALLELIZATION,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
    });
    const [filter, codeFilter] = mapping.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(filter).toEqual({
      eventName: ['INSERT'],
      dynamodb: { Keys: { pk: { S: [{ prefix: ENTRY_PREFIX }] }, sk: { S: [ENTRY_SORT_KEY] } } },
    });
    // what the filter lets through is what the handler takes: an entry's own item
    expect(entryIdOfKey(keys.entry('e1').pk, keys.entry('e1').sk)).toBe('e1');
    // and a new one-time code's SMS record (web My tickets), sent at once
    expect(codeFilter).toEqual({
      eventName: ['INSERT'],
      dynamodb: { Keys: { pk: { S: [{ prefix: ACCESS_CODE_SMS_PREFIX }] }, sk: { S: [SMS_SORT_KEY] } } },
    });
    const codeSms = keys.sms(smsIdOf('access-code', '231880000001-ab12'));
    expect(accessCodeSmsIdOfKey(codeSms.pk, codeSms.sk)).toBe('access-code-231880000001-ab12');
    const ticketSms = keys.sms(smsIdOf('ticket', 'e1'));
    expect(accessCodeSmsIdOfKey(ticketSms.pk, ticketSms.sk)).toBeUndefined();
  });

  it('lets the ws and stream functions manage connections of the WebSocket stage', () => {
    const policies = Object.entries(resourcesOf(synth.template(synth.realtime), 'AWS::IAM::Policy'));
    const withManageConnections = policies.filter(([, p]) =>
      JSON.stringify(p).includes('execute-api:ManageConnections'),
    );
    expect(withManageConnections.map(([id]) => id.replace(/RoleDefaultPolicy.*/, '')).sort()).toEqual([
      'StreamFunction',
      'WsFunction',
    ]);
  });

  it('has one schedule per scheduled job, invoking the jobs Lambda with {job}', () => {
    const realtime = synth.template(synth.realtime);
    const services = serviceByFunctionId('realtime');
    const found = Object.values(resourcesOf(realtime, 'AWS::Scheduler::Schedule'));
    expect(found).toHaveLength(schedules.length);
    for (const spec of schedules) {
      const schedule = found.find((s) => JSON.parse(s.Properties.Target.Input).job === spec.job);
      expect(schedule, spec.job).toBeDefined();
      expect(schedule!.Properties.ScheduleExpression).toBe(spec.expression);
      expect(JSON.parse(schedule!.Properties.Target.Input)).toEqual({ job: spec.job });
      expect(services[schedule!.Properties.Target.Arn['Fn::GetAtt'][0]]).toBe('jobs');
      expect(schedule!.Properties.Target.RoleArn).toBeDefined();
    }
  });
});

const distribution = () =>
  Object.values(resourcesOf(synth.template(synth.web), 'AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig;
const behaviour = (pattern: string) =>
  distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);

describe('web stack', () => {
  it('keeps the bucket private behind origin access control', () => {
    const web = synth.template(synth.web);
    web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: Match.anyValue(),
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('sends /api/* to the HTTP API uncached, with every method, through its own origin request policy', () => {
    expect(behaviour('/api/*')).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: { Ref: expect.any(String) },
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    });
    expect(behaviour('/api/*').FunctionAssociations).toBeUndefined();
  });

  it('forwards /api/* the client address (CloudFront-Viewer-Address), the headers the functions read, cookies and query strings, and not Host', () => {
    const policies = resourcesOf(synth.template(synth.web), 'AWS::CloudFront::OriginRequestPolicy');
    const config = policies[behaviour('/api/*').OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig;
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const headers = (config.HeadersConfig.Headers as string[]).map((h) => h.toLowerCase());
    expect(headers).toContain('cloudfront-viewer-address');
    // what functions/platform/http-app.ts and the payouts routes read from the request
    expect(headers).toEqual(expect.arrayContaining(['x-requested-with', IDEMPOTENCY_KEY_HEADER, 'content-type']));
    expect(headers).not.toContain('host');
    expect(config.CookiesConfig.CookieBehavior).toBe('all');
    expect(config.QueryStringsConfig.QueryStringBehavior).toBe('all');
  });

  it('lets CloudFront share the public house-games read (the live jackpot) as its s-maxage says, matched before /api/*', () => {
    const patterns = distribution().CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    expect(patterns.indexOf('/api/v1/public/house-games')).toBeLessThan(patterns.indexOf('/api/*'));
    expect(behaviour('/api/v1/public/house-games')).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      AllowedMethods: ['GET', 'HEAD'],
      TargetOriginId: behaviour('/api/*').TargetOriginId,
    });
    expect(behaviour('/api/v1/public/house-games').OriginRequestPolicyId).toBeUndefined();
  });

  it('sends /ws to the WebSocket API uncached', () => {
    expect(behaviour(`/${WEBSOCKET_STAGE_NAME}`)).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    expect(behaviour(`/${WEBSOCKET_STAGE_NAME}`).FunctionAssociations).toBeUndefined();
  });

  it('applies the SPA fallback on the S3 behaviour only, rewriting extension-less paths', () => {
    const functions = Object.values(resourcesOf(synth.template(synth.web), 'AWS::CloudFront::Function'));
    expect(functions).toHaveLength(1);
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    const handler = new Function(`${functions[0]!.Properties.FunctionCode}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/admin/dashboard')).toBe('/index.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('adds security headers to the site', () => {
    synth.template(synth.web).hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.stringLikeRegexp("default-src 'self'"),
          }),
          StrictTransportSecurity: Match.anyValue(),
          ContentTypeOptions: Match.anyValue(),
          FrameOptions: Match.anyValue(),
        }),
      },
    });
    expect(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
  });

  it('skips the site deployment with a warning when web/dist does not exist', () => {
    synth.template(synth.web).resourceCountIs('Custom::CDKBucketDeployment', 0);
    const warnings = synth.assembly
      .getStackArtifact(synth.web.artifactId)
      .messages.filter((m) => m.level === 'warning')
      .map((m) => String(m.entry.data));
    expect(warnings.some((w) => w.includes('does not exist'))).toBe(true);
  });
});

/** The data-stack resource whose export `value` imports (cross-stack references are exports). */
function dataResourceImportedBy(value: unknown): string | undefined {
  const name = JSON.stringify(value).match(/"Fn::ImportValue":"([^"]+)"/)?.[1];
  const outputs = (synth.template(synth.data).toJSON().Outputs ?? {}) as Record<
    string,
    { Value?: { Ref?: string }; Export?: { Name?: string } }
  >;
  return Object.values(outputs).find((output) => output.Export?.Name === name)?.Value?.Ref;
}

/** The data stack's id of the secret named `name`. */
const secretIdNamed = (name: string) =>
  Object.entries(resourcesOf(synth.template(synth.data), 'AWS::SecretsManager::Secret')).find(
    ([, secret]) => secret.Properties.Name === name,
  )?.[0];
const originVerifySecretId = () => secretIdNamed('raffle/prod/origin-verify');
const integrationsSecretId = () => secretIdNamed('raffle/prod/integrations');

/**
 * The functions that hold the provider credentials (sorted): those that call a provider (support: the desk asks a
 * payment's status and sends a refund), and public and ussd, which read parts of it (the USSD gateways' secrets,
 * which networks are served) but call none.
 */
const INTEGRATIONS_SECRET_READERS = [
  'announcer',
  'draws',
  'jobs',
  'payouts',
  'prompts',
  'public',
  'stream',
  'support',
  'ussd',
  'webhooks',
];

/** Every function of the api and realtime stacks, with its service name and its role's policy statements. */
function functionsWithStatements() {
  return lambdaStacks().flatMap((stack) => {
    const template = synth.template(stack);
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
    return Object.values(resourcesOf(template, 'AWS::Lambda::Function')).map((fn) => {
      const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<Record<string, any>>);
      return { name: fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME as string, fn, statements };
    });
  });
}

const actionsOf = (statement: Record<string, any>): string[] => [statement.Action].flat();

describe('origin verification (DESIGN section 7)', () => {
  it('generates the origin-verify secret: a long random string with nothing a header would mangle', () => {
    const id = originVerifySecretId();
    expect(id).toBeDefined();
    const secret = resourcesOf(synth.template(synth.data), 'AWS::SecretsManager::Secret')[id!]!.Properties;
    expect(secret.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, IncludeSpace: false });
    expect(secret.GenerateSecretString.PasswordLength).toBeGreaterThanOrEqual(32);
    // a plain string, not JSON: the header carries the value as it is
    expect(secret.GenerateSecretString.SecretStringTemplate).toBeUndefined();
  });

  it('has CloudFront send it as X-Origin-Verify to the HTTP API and the WebSocket API', () => {
    for (const pattern of ['/api/*', `/${WEBSOCKET_STAGE_NAME}`]) {
      const origin = distribution().Origins.find((o: { Id: string }) => o.Id === behaviour(pattern).TargetOriginId);
      const headers = (origin.OriginCustomHeaders ?? []) as Array<{ HeaderName: string; HeaderValue: unknown }>;
      const header = headers.find((h) => h.HeaderName === 'X-Origin-Verify');
      expect(header, pattern).toBeDefined();
      expect(JSON.stringify(header!.HeaderValue), pattern).toMatch(/\{\{resolve:secretsmanager:.*:SecretString:::\}\}/);
      expect(dataResourceImportedBy(header!.HeaderValue), pattern).toBe(originVerifySecretId());
    }
  });

  it('lets every function that serves the HTTP API or the WebSocket read it, and no other', () => {
    const readers: string[] = [];
    for (const { name, fn, statements } of functionsWithStatements()) {
      const arn = fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET_ARN;
      if (!arn) continue;
      readers.push(name);
      expect(dataResourceImportedBy(arn), name).toBe(originVerifySecretId());
      const reads = statements.filter(
        (s) =>
          s.Effect === 'Allow' &&
          actionsOf(s).includes('secretsmanager:GetSecretValue') &&
          [s.Resource].flat().some((resource) => dataResourceImportedBy(resource) === originVerifySecretId()),
      );
      expect(reads, name).toHaveLength(1);
    }
    expect(readers.sort()).toEqual([...HTTP_DOMAINS, 'ws'].sort());
  });
});

/** DESIGN section 4: the audit log is never changed; ledger lines explain balances and are never rewritten. */
const APPEND_ONLY_ACTIONS = [
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
];

describe('append-only audit log and ledger (DESIGN section 4)', () => {
  it('denies every function updating or deleting an item in the audit or a ledger partition', () => {
    const functions = functionsWithStatements();
    expect(functions.map((f) => f.name).sort()).toEqual(
      functionEntries()
        .map((e) => e.name)
        .sort(),
    );
    for (const { name, statements } of functions) {
      const tableArn = statements.find(
        (s) => s.Effect === 'Allow' && actionsOf(s).includes('dynamodb:PutItem'),
      )?.Resource;
      expect(tableArn, name).toBeDefined();
      const denies = statements.filter(
        (s) =>
          s.Effect === 'Deny' &&
          JSON.stringify(s.Resource) === JSON.stringify(tableArn) &&
          JSON.stringify(s.Condition) ===
            JSON.stringify({
              'ForAnyValue:StringLike': {
                'dynamodb:LeadingKeys': ['AUDIT', 'LEDGER#*', 'GAMELEDGER#*', 'SEALEDREPORTS'],
              },
            }),
      );
      expect(denies.flatMap(actionsOf).sort(), name).toEqual([...APPEND_ONLY_ACTIONS].sort());
    }
  });

  it("still lets a function whose changes add lines put them (an audit or ledger line is a Put in its change's transaction)", () => {
    for (const { name, statements } of functionsWithStatements()) {
      const puts = statements.filter((s) => actionsOf(s).includes('dynamodb:PutItem'));
      // the Allow of its own partitions (test/infra/table-access.test.ts) and the Deny above, which leaves Put out
      expect(
        puts.map((s) => [s.Effect, Object.keys(s.Condition ?? {})]),
        name,
      ).toEqual([['Allow', ['ForAllValues:StringLike']]]);
    }
    const auditWriters = functionsWithStatements().filter(({ statements }) =>
      statements.some(
        (s) =>
          s.Effect === 'Allow' &&
          actionsOf(s).includes('dynamodb:PutItem') &&
          s.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys'].includes('AUDIT'),
      ),
    );
    expect(auditWriters.length).toBeGreaterThan(0);
  });

  const appendOnly = (pk: string) =>
    APPEND_ONLY_PARTITIONS.some((pattern) => new RegExp(`^${pattern.replace(/\*/g, '.*')}$`).test(pk));

  it('denies the partition the audit store really writes to', () => {
    const put = auditWrite(
      { actorId: 'u1', actorRole: 'admin', action: 'test.check', target: 'x', sourceIp: '203.0.113.7' },
      new Date(),
    );
    const pk = String(put.Put!.Item!.pk);
    expect(appendOnly(pk), pk).toBe(true);
  });

  it('denies the partition sealed daily reports are really written to', () => {
    const pk = keys.sealedReport('2026-11-25').pk;
    expect(appendOnly(pk), pk).toBe(true);
  });

  it('denies the partition ledger lines are really written to, and not the balance beside them', () => {
    const change = {
      userId: 'u1',
      ownerRole: 'partner' as const,
      promotionId: 'p1',
      promotionTitle: 'P',
      deltaCents: 100,
      kind: 'entry-share' as const,
      ref: 'e1',
    };
    const writes = balanceChange(change, new Date());
    const ledgerLine = writes.find((w) => w.Put)!;
    const balance = writes.find((w) => w.Update)!;
    expect(appendOnly(String(ledgerLine.Put!.Item!.pk)), String(ledgerLine.Put!.Item!.pk)).toBe(true);
    // the balance is updated by every settlement: it must stay outside the deny
    expect(appendOnly(String(balance.Update!.Key!.pk)), String(balance.Update!.Key!.pk)).toBe(false);
  });

  it('denies the partitions game-ledger lines (stakes, a batch’s stakes and prizes) are really written to', () => {
    const entry = {
      id: 'e1',
      assignmentId: 'a1',
      promotionId: 'p1',
      partnerId: 'u1',
      game: 'partner' as const,
      currency: 'USD' as const,
      amountCents: 50,
      rateMilli: 190_000,
    };
    const draw = {
      id: 'd1',
      assignmentId: 'a1',
      promotionId: 'p1',
      partnerId: 'u1',
      game: 'daily' as const,
      drawnAt: '2026-11-25T21:00:00.000Z',
      prizeLrdCents: 1_000_000,
    };
    const lines = [
      stakeLine(entry, '2026-11-25T10:00:00.000Z', 9_500),
      prizeLine('prize-awarded', draw, draw.drawnAt),
      prizeLine('prize-paid', draw, '2026-11-26T08:00:00.000Z'),
    ];
    const puts = [...lines.map(gameLedgerPut), gameLedgerStakesPut([lines[0]!])];
    for (const put of puts) {
      const pk = String(put.Put!.Item!.pk);
      expect(pk.startsWith('GAMELEDGER#'), pk).toBe(true);
      expect(appendOnly(pk), pk).toBe(true);
    }
    // the LEDGER# pattern is anchored: it must not be what covers the game ledger
    expect(APPEND_ONLY_PARTITIONS).toContain('GAMELEDGER#*');
  });
});

describe('observability stack', () => {
  const alarms = () => Object.values(resourcesOf(synth.template(synth.observability), 'AWS::CloudWatch::Alarm'));

  it('alarms on the errors of every Lambda', () => {
    const errorAlarms = alarms().filter(
      (a) => a.Properties.MetricName === 'Errors' && a.Properties.Namespace === 'AWS/Lambda',
    );
    expect(errorAlarms).toHaveLength(functionEntries().length);
  });

  it('alarms as soon as the dead-letter queue holds a message', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Threshold: 0,
          ComparisonOperator: 'GreaterThanThreshold',
        }),
      }),
    );
  });

  it('gives each stream consumer (fan-out, payment prompts) a dead-letter queue of its own, each with its own alarm', () => {
    const realtime = synth.template(synth.realtime);
    const mappings = Object.values(resourcesOf(realtime, 'AWS::Lambda::EventSourceMapping'));
    const services = serviceByFunctionId('realtime');
    const dlqOf = Object.fromEntries(
      mappings.map((m) => [
        services[m.Properties.FunctionName.Ref],
        m.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0],
      ]),
    );
    expect(Object.keys(dlqOf).sort()).toEqual(['prompts', 'stream']);
    expect(dlqOf.prompts).not.toBe(dlqOf.stream);
    const queueIds = Object.keys(resourcesOf(realtime, 'AWS::SQS::Queue'));
    expect(queueIds).toEqual(expect.arrayContaining([dlqOf.prompts, dlqOf.stream]));
    // each alarm watches one queue, through the realtime stack's export of its name
    const dlqAlarms = alarms().filter((a) => a.Properties.Namespace === 'AWS/SQS');
    const watched = dlqAlarms.map((a) => JSON.stringify(a.Properties.Dimensions));
    expect(watched).toHaveLength(2);
    expect(new Set(watched).size).toBe(2);
    const outputs = JSON.stringify(realtime.toJSON().Outputs);
    for (const id of [dlqOf.prompts, dlqOf.stream]) expect(outputs).toContain(`"${id}","QueueName"`);
  });

  it('alarms on payments stuck pending', () => {
    expect(alarms()).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({ Namespace: 'Raffle', MetricName: 'PaymentsStuckPending', Threshold: 0 }),
      }),
    );
  });

  it('sends every alarm, and its return to OK, to one encrypted SNS topic', () => {
    const observability = synth.template(synth.observability);
    observability.resourceCountIs('AWS::SNS::Topic', 1);
    observability.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const topic = Object.keys(resourcesOf(observability, 'AWS::SNS::Topic'))[0];
    expect(alarms().length).toBeGreaterThan(3 * functionEntries().length);
    for (const alarm of alarms()) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topic }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topic }]);
    }
  });

  /** Every metric an alarm reads: its own, or each one its math expression uses. */
  const watched = (alarm: {
    Properties: Record<string, any>;
  }): Array<{ Namespace: string; MetricName: string; Dimensions?: Array<{ Name: string; Value: unknown }> }> =>
    alarm.Properties.MetricName
      ? [alarm.Properties as any]
      : (alarm.Properties.Metrics as Array<{ MetricStat?: { Metric: any } }>).flatMap((m) =>
          m.MetricStat ? [m.MetricStat.Metric] : [],
        );

  it('every custom metric an alarm watches is emitted by some function, under the dimensions the alarm names', () => {
    const emitted = emittedMetrics();
    const custom = alarms()
      .flatMap(watched)
      .filter((metric) => metric.Namespace === 'Raffle');
    const names = new Set(custom.map((metric) => metric.MetricName));
    expect([...names].sort()).toEqual(
      [
        'LatePayments',
        'PaymentsStuckPending',
        'PayoutsStuck',
        'ProviderCalls',
        'ProviderErrors',
        'ReconciliationBacklog',
        'SmsAccountHeld',
        'SmsFailed',
      ].sort(),
    );
    for (const metric of custom) {
      const key = catalogueKeyOf(metric.MetricName);
      expect(key, `${metric.MetricName} is in the catalogue`).toBeDefined();
      expect(emitted.get(key!), `${metric.MetricName} is emitted by a function`).toBeDefined();
      // the base dimensions every emit carries, plus (only) the metric's own breakdown dimensions
      const dimensions = Object.fromEntries((metric.Dimensions ?? []).map((d) => [d.Name, d.Value]));
      expect(dimensions).toMatchObject({ service: 'raffle', stage: synth.app.node.tryGetContext('stage') ?? 'prod' });
      for (const name of Object.keys(dimensions))
        expect(['service', 'stage', ...METRICS[key!].breakdown]).toContain(name);
    }
  });

  it('every metric of the catalogue is emitted somewhere (none listed for nothing)', () => {
    const emitted = emittedMetrics();
    expect(Object.keys(METRICS).filter((key) => !emitted.has(key as keyof typeof METRICS))).toEqual([]);
  });

  it('treats missing data from the every-minute jobs as breaching: silence means the watch stopped', () => {
    for (const name of ['PaymentsStuckPending', 'PayoutsStuck', 'ReconciliationBacklog']) {
      const alarm = alarms().find((a) => a.Properties.MetricName === name);
      expect(alarm?.Properties.TreatMissingData, name).toBe('breaching');
    }
  });

  it('watches API 5xx, Lambda throttles and duration near the timeout, the stream, and each provider', () => {
    const byMetric = (namespace: string, name: string) =>
      alarms().filter((a) => watched(a).some((m) => m.Namespace === namespace && m.MetricName === name));
    expect(byMetric('AWS/ApiGateway', '5xx')).toHaveLength(1);
    expect(byMetric('AWS/Lambda', 'Throttles')).toHaveLength(functionEntries().length);
    const durations = byMetric('AWS/Lambda', 'Duration');
    expect(durations).toHaveLength(functionEntries().length);
    for (const alarm of durations) expect(alarm.Properties.Threshold).toBeGreaterThan(0);
    expect(byMetric('AWS/Lambda', 'IteratorAge')).toHaveLength(1);
    expect(
      byMetric('Raffle', 'ProviderErrors')
        .map(
          (a) =>
            watched(a)
              .find((m) => m.MetricName === 'ProviderErrors')!
              .Dimensions!.find((d) => d.Name === 'provider')!.Value,
        )
        .sort(),
    ).toEqual(['mtn', 'orange']);
  });

  it('has a dashboard with the money flow and the health signals', () => {
    const dashboards = Object.values(resourcesOf(synth.template(synth.observability), 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const metric of [
      'EntriesStarted',
      'EntriesSettled',
      'EntriesFailed',
      'StakesSettledLrdCents',
      'PayoutsPaidLrdCents',
      'SettleLatency',
      'PayoutsPaid',
      'SmsFailed',
    ]) {
      expect(body).toContain(metric);
    }
    for (const health of ['5xx', 'Throttles', 'IteratorAge', 'ApproximateNumberOfMessagesVisible'])
      expect(body).toContain(health);
  });
});

/**
 * DESIGN section 8, "Time budgets": a Lambda's timeout must exceed the sum of
 * the calls it makes, and what answers a gateway must answer within it. The
 * budgets are one table (shared/time-budgets.ts); at run time every provider
 * and SMS call of an invocation is cut to end before the function does
 * (functions/integrations/provider-http.ts, test/unit/provider-time.test.ts).
 */
describe('time budgets', () => {
  const deployed = () =>
    lambdaStacks().flatMap((stack) =>
      Object.values(resourcesOf(synth.template(stack), 'AWS::Lambda::Function')).map((fn) => ({
        name: fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME as keyof typeof TIME_BUDGETS,
        timeoutMs: (fn.Properties.Timeout as number) * 1000,
        secret: fn.Properties.Environment.Variables.INTEGRATIONS_SECRET_ARN !== undefined,
      })),
    );

  it('gives every function the timeout of its budget, and every budget a function', () => {
    const functions = deployed();
    expect(functions.map((f) => f.name).sort()).toEqual(Object.keys(TIME_BUDGETS).sort());
    for (const { name, timeoutMs } of functions) expect(timeoutMs, name).toBe(TIME_BUDGETS[name].timeoutSeconds * 1000);
  });

  it('gives the payment prompts a timeout longer than every attempt of a prompt (token + request, again after a 401) and the backoffs between', () => {
    const [prompts] = deployed().filter((f) => f.name === 'prompts');
    expect(PROMPT_WORST_MS).toBe(PROMPT_ATTEMPTS * PROMPT_ATTEMPT_MS + PROMPT_BACKOFF_MS.reduce((a, b) => a + b, 0));
    expect(prompts!.timeoutMs).toBeGreaterThan(PROMPT_WORST_MS + FINISH_MARGIN_MS);
    // an attempt is at least a token and the request, each within the adapters' timeout
    expect(PROMPT_BACKOFF_MS).toHaveLength(PROMPT_ATTEMPTS - 1);
  });

  it('lets only the functions that hold the provider credentials call providers, each with time left after its calls', () => {
    for (const { name, timeoutMs, secret } of deployed()) {
      if (TIME_BUDGETS[name].callsProviders) {
        expect(secret, name).toBe(true);
        expect(timeoutMs, name).toBeGreaterThan(FINISH_MARGIN_MS);
      }
    }
  });

  it('answers every gateway in time: the API-facing functions are the HTTP domains, each within the ~10 s', () => {
    const apiFacing = Object.entries(TIME_BUDGETS)
      .filter(([, budget]) => budget.apiFacing)
      .map(([name]) => name);
    expect(apiFacing.sort()).toEqual([...HTTP_DOMAINS].sort());
    for (const { name, timeoutMs } of deployed().filter((f) => TIME_BUDGETS[f.name].apiFacing)) {
      expect(timeoutMs, name).toBeLessThan(GATEWAY_LIMIT_MS);
    }
    // no provider call in the answer to an entry, on the web or by USSD: the prompt goes out beside it
    expect(TIME_BUDGETS.public.callsProviders).toBe(false);
    expect(TIME_BUDGETS.ussd.callsProviders).toBe(false);
  });
});

/*
 * AWS sized for the on-air surge (DESIGN section 10, issue 32): route throttles, reserved
 * concurrency and the table's warm throughput, as the templates deploy them.
 */
type Throttle = { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
const api = () => synth.template(synth.api);
const httpStage = () => Object.values(resourcesOf(api(), 'AWS::ApiGatewayV2::Stage'))[0]!;

describe('the HTTP API throttles the surge routes one by one', () => {
  it('gives every callback and USSD route, each entry submit and the entry status a bucket of its own', () => {
    const settings = httpStage().Properties.RouteSettings as Record<string, Throttle>;
    const surgeRoutes = deployedRoutes().filter(
      ([name, spec]) =>
        spec.domain === 'webhooks' ||
        spec.domain === 'ussd' ||
        name === 'codeEntry' ||
        name === 'entryStatus' ||
        HOUSE_GAMES.some((kind) => houseGameRoutes[kind].entry === name),
    );
    expect(surgeRoutes.length).toBeGreaterThan(5);
    expect(Object.keys(settings).sort()).toEqual(surgeRoutes.map(([, spec]) => routeKeyOf(spec)).sort());
    // every key names a route the API has, and the stage waits for them ("Unable to find Route by key")
    const routeKeys = Object.values(resourcesOf(api(), 'AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties.RouteKey as string,
    );
    for (const key of Object.keys(settings)) expect(routeKeys, key).toContain(key);
    expect((httpStage() as { DependsOn?: string[] }).DependsOn?.length).toBeGreaterThanOrEqual(surgeRoutes.length);
  });

  it('sizes each from the target: callbacks and USSD above what page traffic may take, bursts twice the rate', () => {
    const settings = httpStage().Properties.RouteSettings as Record<string, Throttle>;
    const stageDefault = httpStage().Properties.DefaultRouteSettings as Throttle;
    const of = (spec: RouteSpec) => settings[routeKeyOf(spec)]!;
    const callbacks = deployedRoutes().filter(([, spec]) => spec.domain === 'webhooks');
    for (const [name, spec] of callbacks) {
      expect(of(spec).ThrottlingRateLimit, name).toBeGreaterThanOrEqual(
        SURGE_TARGET.entriesPerSecond * PER_ENTRY.callbacks,
      );
      expect(of(spec).ThrottlingRateLimit, name).toBeGreaterThan(stageDefault.ThrottlingRateLimit);
    }
    const [, ussd] = deployedRoutes().find(([, spec]) => spec.domain === 'ussd')!;
    expect(of(ussd).ThrottlingRateLimit).toBeGreaterThanOrEqual(SURGE_TARGET.entriesPerSecond * PER_ENTRY.ussdRequests);
    expect(of(routes.codeEntry).ThrottlingRateLimit).toBeGreaterThanOrEqual(SURGE_TARGET.entriesPerSecond);
    for (const throttle of Object.values(settings))
      expect(throttle.ThrottlingBurstLimit).toBe(2 * throttle.ThrottlingRateLimit);
  });
});

describe('reserved concurrency', () => {
  const reservedByService = (app: RaffleApp) =>
    Object.fromEntries(
      Object.values(resourcesOf(app === synth ? api() : Template.fromStack(app.api), 'AWS::Lambda::Function'))
        .filter((fn) => fn.Properties.ReservedConcurrentExecutions !== undefined)
        .map((fn) => [
          fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
          fn.Properties.ReservedConcurrentExecutions,
        ]),
    );

  it('keeps the callbacks and USSD their share: requests a second at the target × busy time', () => {
    expect(reservedByService(synth)).toEqual({
      webhooks: RESERVED_CONCURRENCY.webhooks,
      ussd: RESERVED_CONCURRENCY.ussd,
    });
    expect(RESERVED_CONCURRENCY.webhooks).toBeGreaterThanOrEqual(SURGE_TARGET.entriesPerSecond * 0.5);
  });

  it('reserves nothing with -c reservedConcurrency=off (an account whose quota is not raised yet)', () => {
    const app = buildApp(new App({ context: { reservedConcurrency: 'off', 'aws:cdk:bundling-stacks': [] } }));
    expect(reservedByService(app)).toEqual({});
  });
});

describe("the providers' prompt rates (DESIGN section 10, providers)", () => {
  const promptRatesByService = (app: RaffleApp) =>
    Object.fromEntries(
      Object.values(resourcesOf(app === synth ? api() : Template.fromStack(app.api), 'AWS::Lambda::Function'))
        .map((fn) => fn.Properties.Environment.Variables as Record<string, string>)
        .filter((vars) => vars.PROMPTS_PER_SECOND_MTN !== undefined || vars.PROMPTS_PER_SECOND_ORANGE !== undefined)
        .map((vars) => [vars.POWERTOOLS_SERVICE_NAME, [vars.PROMPTS_PER_SECOND_MTN, vars.PROMPTS_PER_SECOND_ORANGE]]),
    );

  it('gives the functions that start entries each provider’s rate, carrying the target through either alone', () => {
    const rates = promptRatesByService(synth);
    expect(Object.keys(rates).sort()).toEqual([...PROMPTING_DOMAINS].sort());
    for (const rate of Object.values(rates).flat())
      expect(Number(rate)).toBeGreaterThanOrEqual(SURGE_TARGET.entriesPerSecond);
  });

  it('takes a provider’s contracted rate from the deploy (-c promptsPerSecondMtn=…)', () => {
    const app = buildApp(new App({ context: { promptsPerSecondMtn: '120', 'aws:cdk:bundling-stacks': [] } }));
    const rates = promptRatesByService(app);
    for (const domain of PROMPTING_DOMAINS) expect(rates[domain]?.[0]).toBe('120');
    expect(() =>
      buildApp(new App({ context: { promptsPerSecondOrange: 'lots', 'aws:cdk:bundling-stacks': [] } })),
    ).toThrow(/whole number/);
  });
});

describe('the table is pre-warmed for the surge', () => {
  it('sets warm throughput on the table and each index, above a new on-demand table’s 4,000 write units', () => {
    const [table] = Object.values(resourcesOf(synth.template(synth.data), 'AWS::DynamoDB::GlobalTable'));
    expect(table!.Properties.WarmThroughput).toEqual({
      WriteUnitsPerSecond: TABLE_WARM_THROUGHPUT.table.writeUnitsPerSecond,
      ReadUnitsPerSecond: TABLE_WARM_THROUGHPUT.table.readUnitsPerSecond,
    });
    expect(TABLE_WARM_THROUGHPUT.table.writeUnitsPerSecond).toBeGreaterThanOrEqual(
      SURGE_TARGET.entriesPerSecond * PER_ENTRY.writeUnits,
    );
    // DynamoDB's default per-table quota is 40,000 units a second each way
    expect(TABLE_WARM_THROUGHPUT.table.readUnitsPerSecond).toBeLessThanOrEqual(40_000);
    expect(TABLE_WARM_THROUGHPUT.table.writeUnitsPerSecond).toBeLessThanOrEqual(40_000);
    for (const index of table!.Properties.GlobalSecondaryIndexes)
      expect(index.WarmThroughput, index.IndexName).toEqual({
        WriteUnitsPerSecond: TABLE_WARM_THROUGHPUT.index.writeUnitsPerSecond,
        ReadUnitsPerSecond: TABLE_WARM_THROUGHPUT.index.readUnitsPerSecond,
      });
  });
});

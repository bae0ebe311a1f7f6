import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { projectRoot } from '../lambda-bundling';
import { ApiStack, DEFAULT_API_THROTTLE } from '../stacks/api-stack';
import { CloudFrontLogStack, DEFAULT_CLOUDFRONT_LOG_REGION, cloudFrontCanLogTo } from '../stacks/cloudfront-log-stack';
import { DataStack } from '../stacks/data-stack';
import { NetworkStack } from '../stacks/network-stack';
import { ObservabilityStack } from '../stacks/observability-stack';
import { RealtimeStack } from '../stacks/realtime-stack';
import { WebStack, type CustomDomain } from '../stacks/web-stack';
import { DEFAULT_STAGE, stageNames } from '../stage';
import { promptRateEnvironment } from '../capacity';

/**
 * The CDK app (DESIGN section 2, "Infra"): stacks split by concern, wired by
 * passing constructs, env-agnostic (no account, no region, no lookups) so
 * `cdk synth` works offline. cdk-nag's AwsSolutions pack runs on every synth;
 * any unacknowledged finding fails it.
 *
 * Context (cdk.json or `-c key=value`): stage (prefixes every physical name,
 * infra/stage.ts, so stages share an account), region (optional: pins the
 * stacks to it and refuses at synth one the secrets extension is not published
 * in), cloudFrontLogRegion (where CloudFront's log bucket goes when the
 * region cannot receive its standard logs, e.g. af-south-1; eu-west-1 by
 * default), logLevel, alarmEmail, webDistDir, apiRateLimit, apiBurstLimit,
 * domainName + certificateArn (the site's own host name and its ACM certificate
 * in us-east-1; optionally hostedZoneId + hostedZoneName to create its DNS
 * records) so provider callback hosts never change, publicBaseUrl (the site's
 * public https origin, for provider callback URLs; https://<domainName> by
 * default), allowedOrigins (comma-separated site origins for the WebSocket
 * origin check; the public origin by default), originVerifySecretVersion (the
 * origin-verify secret's version CloudFront sends; set when rotating it,
 * README "Deploying"), promptsPerSecondMtn and promptsPerSecondOrange (each
 * provider's contracted payment prompts a second, infra/capacity.ts).
 */
export interface RaffleApp {
  readonly app: App;
  readonly nag: AwsSolutionsChecks;
  readonly data: DataStack;
  readonly network: NetworkStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  readonly web: WebStack;
  readonly observability: ObservabilityStack;
  /** Only for a region CloudFront cannot deliver standard logs to (infra/stacks/cloudfront-log-stack.ts). */
  readonly cloudFrontLogs?: CloudFrontLogStack;
}

export function buildApp(app: App = new App()): RaffleApp {
  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const names = stageNames(context('stage') ?? DEFAULT_STAGE);
  const stage = names.stage;
  const region = context('region');
  const env = region ? { region } : undefined;
  const logLevel = context('logLevel') ?? 'INFO';
  const webDist = context('webDistDir') ?? 'web/dist';
  const throttle = {
    rateLimit: Number(context('apiRateLimit') ?? DEFAULT_API_THROTTLE.rateLimit),
    burstLimit: Number(context('apiBurstLimit') ?? DEFAULT_API_THROTTLE.burstLimit),
  };
  // reservations need a raised Lambda concurrency quota (README "Deploying"): `-c reservedConcurrency=off` until then
  const reserveConcurrency = context('reservedConcurrency') !== 'off';
  // each provider's contracted prompts a second, when known (README "Deploying"); else the functions' default
  const promptRates = promptRateEnvironment({
    mtn: optionalNumber(context('promptsPerSecondMtn')),
    orange: optionalNumber(context('promptsPerSecondOrange')),
  });
  const customDomain = customDomainFrom(context);
  const publicBaseUrl = context('publicBaseUrl') ?? (customDomain ? `https://${customDomain.domainName}` : undefined);
  const allowedOrigins =
    context('allowedOrigins')
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? (publicBaseUrl ? [publicBaseUrl] : undefined);
  // Where providers call back (webhook URLs); otherwise `publicBaseUrl` in the integrations secret.
  const functionEnvironment = publicBaseUrl ? { PUBLIC_BASE_URL: publicBaseUrl } : undefined;
  if (!publicBaseUrl && !allowedOrigins) {
    // the ws function accepts browser sockets only from the site's own origin (DESIGN section 7), which it learns from these
    Annotations.of(app).addWarningV2(
      'raffle:siteOrigin',
      'Neither -c publicBaseUrl nor -c allowedOrigins is set: the WebSocket API will refuse browser sockets (no live dashboards) until one names the site origin.',
    );
  }
  const tags = { project: 'raffle', stage };
  const name = names.stack;

  const data = new DataStack(app, name('data'), {
    stackName: name('data'),
    description: 'raffle: the DynamoDB table, the integrations secret and the origin-verify secret',
    tags,
    env,
    names,
  });
  const network = new NetworkStack(app, name('network'), {
    stackName: name('network'),
    description: 'raffle: the VPC whose NAT gateways give the provider-calling functions fixed outbound addresses',
    tags,
    env,
  });
  const api = new ApiStack(app, name('api'), {
    stackName: name('api'),
    description: 'raffle: HTTP API and one Lambda per domain of the routing table',
    tags,
    env,
    stage,
    logLevel,
    throttle,
    reserveConcurrency,
    functionEnvironment,
    promptRates,
    table: data.table,
    integrationsSecret: data.integrationsSecret,
    originVerifySecret: data.originVerifySecret,
    providerEgress: network.egress,
  });
  const realtime = new RealtimeStack(app, name('realtime'), {
    stackName: name('realtime'),
    description: 'raffle: WebSocket API, stream fan-out and scheduled jobs',
    tags,
    env,
    stage,
    logLevel,
    throttle,
    table: data.table,
    integrationsSecret: data.integrationsSecret,
    originVerifySecret: data.originVerifySecret,
    functionEnvironment,
    allowedOrigins,
    providerEgress: network.egress,
  });
  const logRegion = context('cloudFrontLogRegion') ?? DEFAULT_CLOUDFRONT_LOG_REGION;
  const cloudFrontLogs =
    region && !cloudFrontCanLogTo(region)
      ? new CloudFrontLogStack(app, name('cloudfront-logs'), {
          stackName: name('cloudfront-logs'),
          description: `raffle: the bucket for CloudFront's standard logs, which ${region} cannot receive`,
          tags,
          env: { region: logRegion },
          stage,
        })
      : undefined;
  const web = new WebStack(app, name('web'), {
    stackName: name('web'),
    description: 'raffle: S3 site behind CloudFront with /api and /ws',
    tags,
    env,
    customDomain,
    httpApi: api.httpApi,
    webSocketApi: realtime.webSocketApi,
    originVerifySecret: data.originVerifySecret,
    originVerifySecretVersion: context('originVerifySecretVersion'),
    webDistDir: isAbsolute(webDist) ? webDist : join(projectRoot, webDist),
    ...(cloudFrontLogs ? { cloudFrontLogsElsewhere: { stage, region: logRegion } } : {}),
  });
  // the distribution's log bucket must exist before the distribution names it
  if (cloudFrontLogs) web.addStackDependency(cloudFrontLogs);
  const observability = new ObservabilityStack(app, name('observability'), {
    stackName: name('observability'),
    description: 'raffle: alarms (money, providers, SMS, API, Lambdas, stream, dead letters) and the dashboard',
    tags,
    stage,
    env,
    functions: {
      ...Object.fromEntries(Object.entries(api.functions).map(([domain, fn]) => [domain, fn.function])),
      ws: realtime.wsFunction.function,
      stream: realtime.streamFunction.function,
      prompts: realtime.promptsFunction.function,
      jobs: realtime.jobsFunction.function,
    },
    streamFunction: 'stream',
    httpApi: api.httpApi,
    deadLetterQueues: { streamFanOut: realtime.streamDeadLetterQueue, prompts: realtime.promptsDeadLetterQueue },
    alarmEmail: context('alarmEmail'),
  });

  const nag = new AwsSolutionsChecks(app, { verbose: true });
  Validations.of(app).addPlugins(nag);

  return { app, nag, data, network, api, realtime, web, observability, cloudFrontLogs };
}

/**
 * `-c domainName=raffle.example.lr -c certificateArn=arn:aws:acm:us-east-1:…`
 * (and optionally `-c hostedZoneId=… -c hostedZoneName=example.lr`): the site's
 * stable host, the one registered with MTN and Orange for callbacks. Refused
 * at synth when half given or when the certificate is not in us-east-1
 * (CloudFront takes certificates only from there).
 */
const optionalNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

function customDomainFrom(context: (key: string) => string | undefined): CustomDomain | undefined {
  const domainName = context('domainName');
  const certificateArn = context('certificateArn');
  const hostedZoneId = context('hostedZoneId');
  const hostedZoneName = context('hostedZoneName');
  if (!domainName) {
    if (certificateArn || hostedZoneId || hostedZoneName)
      throw new Error("-c certificateArn, hostedZoneId and hostedZoneName need -c domainName (the site's host name)");
    return undefined;
  }
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domainName)) {
    throw new Error(
      `-c domainName=${domainName} is not a host name (e.g. raffle.example.lr, lower case, no scheme or path)`,
    );
  }
  if (!certificateArn || !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(
      `-c domainName needs -c certificateArn: the ARN of an ACM certificate for ${domainName} in us-east-1 (CloudFront reads certificates only from us-east-1)`,
    );
  }
  if (Boolean(hostedZoneId) !== Boolean(hostedZoneName))
    throw new Error('-c hostedZoneId and -c hostedZoneName go together (the Route 53 zone that holds the domain)');
  if (hostedZoneName && !(domainName === hostedZoneName || domainName.endsWith(`.${hostedZoneName}`))) {
    throw new Error(`-c domainName=${domainName} is not in the hosted zone ${hostedZoneName}`);
  }
  return {
    domainName,
    certificateArn,
    ...(hostedZoneId && hostedZoneName ? { hostedZone: { id: hostedZoneId, name: hostedZoneName } } : {}),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildApp().app.synth();
}

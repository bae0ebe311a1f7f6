import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { projectRoot } from '../lambda-bundling';
import { ApiStack } from '../stacks/api-stack';
import { DataStack } from '../stacks/data-stack';
import { ObservabilityStack } from '../stacks/observability-stack';
import { RealtimeStack } from '../stacks/realtime-stack';
import { WebStack } from '../stacks/web-stack';

/**
 * The CDK app (DESIGN section 2, "Infra"): stacks split by concern, wired by
 * passing constructs, env-agnostic (no account, no region, no lookups) so
 * `cdk synth` works offline. cdk-nag's AwsSolutions pack runs on every synth;
 * any unacknowledged finding fails it.
 *
 * Context (cdk.json or `-c key=value`): stage, logLevel, alarmEmail, webDistDir,
 * apiRateLimit, apiBurstLimit, publicBaseUrl (the site's public https origin,
 * for provider callback URLs), allowedOrigins (comma-separated site origins for
 * the WebSocket origin check), originVerifySecretVersion (the origin-verify
 * secret's version CloudFront sends; set when rotating it, README "Deploying").
 */
export interface RaffleApp {
  readonly app: App;
  readonly nag: AwsSolutionsChecks;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly realtime: RealtimeStack;
  readonly web: WebStack;
  readonly observability: ObservabilityStack;
}

export function buildApp(app: App = new App()): RaffleApp {
  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const stage = context('stage') ?? 'prod';
  const logLevel = context('logLevel') ?? 'INFO';
  const webDist = context('webDistDir') ?? 'web/dist';
  const throttle = {
    rateLimit: Number(context('apiRateLimit') ?? 1000),
    burstLimit: Number(context('apiBurstLimit') ?? 2000),
  };
  const publicBaseUrl = context('publicBaseUrl');
  // Where providers call back (webhook URLs); otherwise `publicBaseUrl` in the integrations secret.
  const functionEnvironment = publicBaseUrl ? { PUBLIC_BASE_URL: publicBaseUrl } : undefined;
  if (!publicBaseUrl && !context('allowedOrigins')) {
    // the ws function accepts browser sockets only from the site's own origin (DESIGN section 7), which it learns from these
    Annotations.of(app).addWarningV2(
      'raffle:siteOrigin',
      'Neither -c publicBaseUrl nor -c allowedOrigins is set: the WebSocket API will refuse browser sockets (no live dashboards) until one names the site origin.',
    );
  }
  const tags = { project: 'raffle', stage };
  const name = (concern: string) => `raffle-${stage}-${concern}`;

  const data = new DataStack(app, name('data'), {
    stackName: name('data'),
    description: 'raffle: the DynamoDB table, the integrations secret and the origin-verify secret',
    tags,
  });
  const api = new ApiStack(app, name('api'), {
    stackName: name('api'),
    description: 'raffle: HTTP API and one Lambda per domain of the routing table',
    tags,
    stage,
    logLevel,
    throttle,
    functionEnvironment,
    table: data.table,
    integrationsSecret: data.integrationsSecret,
    originVerifySecret: data.originVerifySecret,
  });
  const realtime = new RealtimeStack(app, name('realtime'), {
    stackName: name('realtime'),
    description: 'raffle: WebSocket API, stream fan-out and scheduled jobs',
    tags,
    stage,
    logLevel,
    throttle,
    table: data.table,
    integrationsSecret: data.integrationsSecret,
    originVerifySecret: data.originVerifySecret,
    functionEnvironment,
    allowedOrigins: context('allowedOrigins')?.split(',').map((o) => o.trim()).filter(Boolean),
  });
  const web = new WebStack(app, name('web'), {
    stackName: name('web'),
    description: 'raffle: S3 site behind CloudFront with /api and /ws',
    tags,
    httpApi: api.httpApi,
    webSocketApi: realtime.webSocketApi,
    originVerifySecret: data.originVerifySecret,
    originVerifySecretVersion: context('originVerifySecretVersion'),
    webDistDir: isAbsolute(webDist) ? webDist : join(projectRoot, webDist),
  });
  const observability = new ObservabilityStack(app, name('observability'), {
    stackName: name('observability'),
    description: 'raffle: alarms on dead-letter queues, Lambda errors and payments stuck pending',
    tags,
    functions: {
      ...Object.fromEntries(Object.entries(api.functions).map(([domain, fn]) => [domain, fn.function])),
      ws: realtime.wsFunction.function,
      stream: realtime.streamFunction.function,
      prompts: realtime.promptsFunction.function,
      jobs: realtime.jobsFunction.function,
    },
    deadLetterQueues: { streamFanOut: realtime.streamDeadLetterQueue },
    reconciliationService: 'jobs',
    alarmEmail: context('alarmEmail'),
  });

  const nag = new AwsSolutionsChecks(app, { verbose: true });
  Validations.of(app).addPlugins(nag);

  return { app, nag, data, api, realtime, web, observability };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildApp().app.synth();
}

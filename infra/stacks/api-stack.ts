import { Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { HTTP_DOMAINS, deployedRoutes, type HttpDomain, type RouteSpec } from '@shared/api/routes';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { PROMPTING_DOMAINS, RESERVED_CONCURRENCY, httpRouteThrottles } from '../capacity';
import { DomainFunction } from '../constructs/domain-function';
import type { ProviderEgress } from './network-stack';
import { accessLogFormat } from '../constructs/access-log-format';

/**
 * The HTTP API's stage-wide throttle unless `-c apiRateLimit` / `-c apiBurstLimit`
 * say otherwise (infra/bin/app.ts); the surge bench's capacity table reads it.
 */
export const DEFAULT_API_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const;

export interface ApiStackProps extends StackProps {
  readonly stage: string;
  readonly logLevel: string;
  readonly table: ITableV2;
  readonly integrationsSecret: ISecret;
  /** Every function checks that requests came through CloudFront with it (DESIGN section 7). */
  readonly originVerifySecret: ISecret;
  /** Stage-wide default route throttling. */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Reserve the callbacks' and USSD's concurrency (infra/capacity.ts); off for an
   * account whose Lambda concurrency quota is not raised yet (README "Deploying").
   */
  readonly reserveConcurrency: boolean;
  /** Extra environment for every function (e.g. PUBLIC_BASE_URL). */
  readonly functionEnvironment?: Record<string, string>;
  /** The providers' prompt rates (infra/capacity.ts promptRateEnvironment), for the functions that start entries. */
  readonly promptRates: Record<string, string>;
  /** The fixed egress the provider-calling domains run behind (TIME_BUDGETS' callsProviders). */
  readonly providerEgress: ProviderEgress;
}

/**
 * scrypt at N=2^17, r=8 needs ~130 MB per hash (DESIGN section 7: sign-in, and
 * the admin accounts' new passwords); a month's
 * report sums every ledger line of the month. More memory is also more CPU:
 * Lambda gives CPU in proportion to memory, one full vCPU at 1,769 MB. A hash
 * is one thread, so sign-in (auth) gets exactly that: at 512 MB (0.29 vCPU) a
 * hash takes ~3.5 times its one-core time (~1.16 s here: ~4 s), and above
 * 1,769 MB more vCPUs would not make one hash faster.
 */
export const ONE_VCPU_MB = 1_769;
const MEMORY_BY_DOMAIN: Partial<Record<HttpDomain, number>> = {
  auth: ONE_VCPU_MB,
  admin: 512,
  reports: 512,
  accounts: 512,
};

/**
 * Domains that never call a provider (MoMo, USSD gateway, SMS) and so cannot
 * read the integrations secret: sign-in, partners' read-only dashboards, the
 * admin portal (its payouts and draws, which do, are the payouts and draws
 * domains), the reports, players' exclusions and the admin accounts. (Every
 * domain reads the origin-verify secret.)
 */
const DOMAINS_WITHOUT_SECRET: readonly HttpDomain[] = ['auth', 'partner', 'admin', 'reports', 'players', 'accounts'];

/** The routing table's `:name` parameters → API Gateway's `{name}`. */
export const toApiGatewayPath = (path: string): string => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

/**
 * The HTTP API behind CloudFront's /api/* (DESIGN section 2): one Lambda per
 * domain of the routing table (shared/api/routes.ts) and one route per
 * deployed routing-table entry, so cloud and laptop cannot drift. Anything
 * else under /api goes to the public function, whose router answers our JSON 404.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly functions: Record<HttpDomain, DomainFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.functions = Object.fromEntries(
      HTTP_DOMAINS.map((domain) => [
        domain,
        new DomainFunction(this, `${pascal(domain)}Function`, {
          name: domain,
          stage: props.stage,
          logLevel: props.logLevel,
          table: props.table,
          memorySize: MEMORY_BY_DOMAIN[domain],
          reservedConcurrency: props.reserveConcurrency ? reservedConcurrencyOf(domain) : undefined,
          description: `raffle ${domain} routes (HTTP API)`,
          environment: PROMPTING_DOMAINS.includes(domain)
            ? { ...props.functionEnvironment, ...props.promptRates }
            : props.functionEnvironment,
          originVerifySecret: props.originVerifySecret,
          ...(DOMAINS_WITHOUT_SECRET.includes(domain) ? {} : { integrationsSecret: props.integrationsSecret }),
          ...(TIME_BUDGETS[domain].callsProviders ? { egress: props.providerEgress } : {}),
        }),
      ]),
    ) as Record<HttpDomain, DomainFunction>;

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: `raffle ${props.stage} HTTP API (served through CloudFront /api/*)`,
      createDefaultStage: false,
    });
    const stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // a route's limit is shared by every client, so none is set low (a low one on sign-in would let one flood
      // refuse everybody, DESIGN section 7; per-client limits are kept in the functions); the surge's routes
      // get their own, higher buckets below
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: accessLogFormat(),
      },
    });

    // One integration (and one invoke permission) per function, shared by all its
    // routes: per-route permissions would outgrow Lambda's 20 KB resource policy.
    const integrations = Object.fromEntries(
      HTTP_DOMAINS.map((domain) => [
        domain,
        new HttpLambdaIntegration(`${pascal(domain)}Integration`, this.functions[domain].function, {
          scopePermissionToRoute: false,
        }),
      ]),
    ) as Record<HttpDomain, HttpLambdaIntegration>;

    for (const [, spec] of deployedRoutes()) {
      const [route] = this.httpApi.addRoutes({
        path: toApiGatewayPath(spec.path),
        methods: [apigwv2.HttpMethod[spec.method]],
        integration: integrations[spec.domain],
      });
      // route settings name routes that must exist first (else "Unable to find Route by key")
      if (route) stage.node.addDependency(route);
    }
    // callbacks, USSD and the entry calls in their own buckets (DESIGN section 10): page traffic never starves them
    (stage.node.defaultChild as apigwv2.CfnStage).routeSettings = Object.fromEntries(
      httpRouteThrottles().map(([spec, { rateLimit, burstLimit }]) => [
        routeKeyOf(spec),
        { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit },
      ]),
    );
    this.httpApi.addRoutes({
      path: '/api/{proxy+}',
      methods: [apigwv2.HttpMethod.ANY],
      integration: integrations.public,
    });

    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'Authorisation is done in each Lambda by the shared guard (DESIGN section 7): staff routes check the server-side __Host-session cookie, role, super-admin and ownership; webhooks and USSD authenticate by their secrets; public routes are public by design.',
    });
  }
}

/** An HTTP API route key: `POST /api/v1/entries`. */
export const routeKeyOf = (spec: RouteSpec): string => `${spec.method} ${toApiGatewayPath(spec.path)}`;

const reservedConcurrencyOf = (domain: HttpDomain): number | undefined =>
  (RESERVED_CONCURRENCY as Partial<Record<HttpDomain, number>>)[domain];

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

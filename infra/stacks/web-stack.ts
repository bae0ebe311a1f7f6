import { existsSync, statSync } from 'node:fs';
import {
  Annotations,
  Aws,
  CfnOutput,
  CfnRule,
  Duration,
  Fn,
  SecretValue,
  Stack,
  Token,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@shared/api/origin-verify';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/api/schemas/payouts';
import { nagArnParts } from '../constructs/nag-arn';
import { CLOUDFRONT_LOG_UNSUPPORTED_REGIONS, cloudFrontLogBucketName } from './cloudfront-log-stack';
import { WEBSOCKET_STAGE_NAME } from './realtime-stack';

/** The site's own host name (the callback host registered with the providers), README "Deploying". */
export interface CustomDomain {
  readonly domainName: string;
  /** An ACM certificate covering domainName, in us-east-1. */
  readonly certificateArn: string;
  /** When given, the stack creates the A/AAAA alias records; otherwise point a CNAME at the distribution. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
}

export interface WebStackProps extends StackProps {
  /** Serve the site on this host instead of only *.cloudfront.net (which changes if the distribution is replaced). */
  readonly customDomain?: CustomDomain;
  readonly httpApi: IHttpApi;
  readonly webSocketApi: IWebSocketApi;
  /** Sent as X-Origin-Verify to the API origins (DESIGN section 7). */
  readonly originVerifySecret: ISecret;
  /** Pins the secret's version CloudFront sends (rotation); its current version when absent. */
  readonly originVerifySecretVersion?: string;
  /** The built site (`vite build` output); deployed only if it exists at synth time. */
  readonly webDistDir: string;
  /**
   * When the stack's region cannot receive CloudFront standard logs: the stage
   * and the region of the CloudFrontLogStack that holds the log bucket instead.
   */
  readonly cloudFrontLogsElsewhere?: { readonly stage: string; readonly region: string };
}

/**
 * SPA fallback for the S3 behaviour only (DESIGN section 2): an extension-less
 * path is a client-side route and gets /index.html; anything with an extension
 * is a real file. /api/* and /ws never pass through here, so a real 404 from
 * the API reaches the browser untouched.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * What /api/* forwards to the HTTP API (an allow-list: API Gateway needs its
 * own Host, and a policy that forwards "all viewer headers but Host" cannot
 * add CloudFront's own headers): every request header a function reads, and
 * CloudFront-Viewer-Address, the client address the functions trust when
 * X-Origin-Verify proves the request came through here (DESIGN section 7: per
 * address limits). A function that reads a new header needs it added here.
 */
const API_ORIGIN_HEADERS = [
  'Accept',
  'Content-Type',
  'Origin',
  'Referer',
  'User-Agent',
  'X-Requested-With',
  IDEMPOTENCY_KEY_HEADER,
  'CloudFront-Viewer-Address',
] as const;

/**
 * The site's one origin (DESIGN section 2): CloudFront in front of the private
 * S3 bucket (origin access control), the HTTP API at /api/* and the WebSocket
 * API at /ws, so the browser sees a single origin (the session cookie is
 * `__Host-`, SameSite=Strict).
 */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    // The site bucket's S3 access logs; also CloudFront's standard logs (which need
    // ACLs: BUCKET_OWNER_PREFERRED) unless this region cannot receive them.
    const logsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });

    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3-site/',
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'SPA fallback: extension-less paths to /index.html (S3 behaviour only)',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'raffle site security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // 'unsafe-inline' styles: react-hot-toast injects its styles at runtime. data: images: the inline favicon.
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
          ].join('; '),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
      },
    });

    // API Gateway needs its own Host header; everything else (cookies, X-Requested-With,
    // X-Forwarded-For, Sec-WebSocket-*) goes through (/api/* narrows it: API_ORIGIN_HEADERS).
    // Nothing dynamic is cached.
    const dynamicBehaviour = {
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    };
    // DESIGN section 7: proves to the functions that a request came through this
    // distribution, so they may trust its CloudFront-Viewer-Address. A CloudFormation
    // dynamic reference: the value is in neither the template nor the CDK output, only
    // resolved by CloudFormation at deploy; the trade-off is that anyone who may read the
    // distribution's config (cloudfront:GetDistributionConfig) sees it, and a new value
    // reaches CloudFront only when the template changes (hence the pinned version on rotation).
    const originVerify = SecretValue.secretsManager(
      props.originVerifySecret.secretArn,
      props.originVerifySecretVersion ? { versionId: props.originVerifySecretVersion } : {},
    ).unsafeUnwrap();
    const apiGatewayOrigin = (endpoint: string) =>
      new origins.HttpOrigin(Fn.select(2, Fn.split('/', endpoint)), {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify },
      });

    const httpApiOrigin = apiGatewayOrigin(props.httpApi.apiEndpoint);
    const apiOriginRequest = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequest', {
      comment: 'raffle /api/*: the viewer headers the functions read, the client address, cookies, query strings',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_ORIGIN_HEADERS),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    });
    const domain = props.customDomain;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'raffle site, /api and /ws',
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: this.cloudFrontLogBucket(logsBucket, props.cloudFrontLogsElsewhere),
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The house games' public read (draw times, prices, the live jackpot):
        // shared for the seconds its Cache-Control s-maxage says, so every player's page costs
        // one function call per 30 s. Before '/api/*': CloudFront takes the first match.
        '/api/v1/public/house-games': {
          origin: httpApiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          responseHeadersPolicy: securityHeaders,
        },
        '/api/*': {
          ...dynamicBehaviour,
          originRequestPolicy: apiOriginRequest,
          origin: httpApiOrigin,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          responseHeadersPolicy: securityHeaders,
        },
        // The WebSocket stage is named `ws`, so the viewer path /ws is the stage path.
        [`/${WEBSOCKET_STAGE_NAME}`]: {
          ...dynamicBehaviour,
          origin: apiGatewayOrigin(props.webSocketApi.apiEndpoint),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        },
      },
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: players are in Liberia but mobile-money providers call the webhooks from their own data centres, and the diaspora may play; abuse is limited per number and per address in the API (DESIGN section 7).',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF yet: request abuse is handled in the API (login throttling per account and address, pending-payment caps per number, verification rate limits, DESIGN section 7) and by API Gateway stage throttling; a CLOUDFRONT-scope web ACL must live in us-east-1 and is left to the production account setup.',
    });
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'No -c domainName given: the distribution uses the default *.cloudfront.net certificate, with which CloudFront cannot enforce a minimum viewer TLS version (a custom domain sets TLSv1.2_2021).',
      });
    }
    if (domain?.hostedZone) {
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
        hostedZoneId: domain.hostedZone.id,
        zoneName: domain.hostedZone.name,
      });
      const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'SiteAlias', { zone, recordName: domain.domainName, target });
      new route53.AaaaRecord(this, 'SiteAliasIpv6', { zone, recordName: domain.domainName, target });
    }

    const dist = props.webDistDir;
    if (existsSync(dist) && statSync(dist).isDirectory()) {
      const deployment = new s3deploy.BucketDeployment(this, 'DeploySite', {
        sources: [s3deploy.Source.asset(dist)],
        destinationBucket: this.bucket,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      acknowledgeBucketDeploymentHandler(this, deployment, this.bucket);
    } else {
      Annotations.of(this).addWarningV2(
        'raffle:webDistMissing',
        `${dist} does not exist: the site is not deployed by this synth. Run \`npm run build:web\` first to include it.`,
      );
    }

    new CfnOutput(this, 'SiteUrl', {
      value: `https://${domain?.domainName ?? this.distribution.distributionDomainName}`,
    });
    // What to register with MTN and Orange as the callback host (README "Deploying"); stable only with a custom domain.
    new CfnOutput(this, 'CallbackHost', { value: domain?.domainName ?? this.distribution.distributionDomainName });
    // With a custom domain but no hosted zone, the CNAME target to create at the DNS provider.
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
  }

  /**
   * CloudFront delivers no standard logs to a bucket in af-south-1 and the
   * other opt-in regions: there the logs go to the CloudFrontLogStack's bucket
   * in a region it can deliver to, named (not referenced) so no cross-region
   * export is needed. A stack of unknown region refuses those regions with a
   * CloudFormation rule before creating anything (synth with `-c region=`).
   */
  private cloudFrontLogBucket(local: s3.IBucket, elsewhere: WebStackProps['cloudFrontLogsElsewhere']): s3.IBucket {
    if (elsewhere) {
      return s3.Bucket.fromBucketAttributes(this, 'CloudFrontLogs', {
        bucketName: cloudFrontLogBucketName(elsewhere.stage, Aws.ACCOUNT_ID, elsewhere.region),
        region: elsewhere.region,
      });
    }
    if (Token.isUnresolved(this.region)) {
      new CfnRule(this, 'CloudFrontLogRegion', {
        assertions: [
          {
            assert: Fn.conditionNot(Fn.conditionContains([...CLOUDFRONT_LOG_UNSUPPORTED_REGIONS], Aws.REGION)),
            assertDescription:
              'CloudFront cannot deliver standard logs to a bucket in this region: synthesize with -c region=<this region> so the log bucket goes to a supported region (README "Deploying").',
          },
        ],
      });
    }
    return local;
  }
}

/**
 * The BucketDeployment handler is aws-cdk-lib's own singleton Lambda in this
 * stack: it copies the staged site from the CDK assets bucket into the site
 * bucket and invalidates the distribution. Its permissions are CDK's, acknowledged
 * here finding by finding.
 */
function acknowledgeBucketDeploymentHandler(
  stack: Stack,
  deployment: s3deploy.BucketDeployment,
  site: s3.Bucket,
): void {
  const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!handler) throw new Error(`no BucketDeployment handler found for ${deployment.node.path}`);
  const siteId = stack.getLogicalId(site.node.defaultChild as s3.CfnBucket);
  const sync = 'Syncing a whole prefix: S3 action groups the handler needs to list, copy, overwrite and prune objects';
  const acks: Array<{ id: string; reason: string }> = [
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "CDK's BucketDeployment handler role: basic execution (writing its own logs) is all this managed policy grants.",
    },
    {
      id: 'AwsSolutions-L1',
      reason: "CDK's BucketDeployment handler: its runtime is chosen and updated by aws-cdk-lib, not by this project.",
    },
    ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason: `${sync} (CDK BucketDeployment, scoped to the assets bucket and the site bucket).`,
    })),
    {
      id: `AwsSolutions-IAM5[Resource::arn:${nagArnParts(stack).partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${nagArnParts(stack).region}/*]`,
      reason: 'Reads the staged site archive from the CDK bootstrap assets bucket (objects only in that bucket).',
    },
    {
      id: `AwsSolutions-IAM5[Resource::<${siteId}.Arn>/*]`,
      reason: 'Writes and prunes the site objects: every object of the site bucket, nothing outside it.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "aws-cdk-lib's BucketDeployment grants cloudfront:CreateInvalidation/GetInvalidation on * (it does not scope them to the distribution); they can only expire cached copies, not change content or configuration.",
    },
  ];
  for (const ack of acks) Validations.of(handler).acknowledge(ack);
}

// @vitest-environment node
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { INTEGRATIONS_SECRET_TEMPLATE } from '../../functions/integrations/secret-template';
import { buildApp } from '../../infra/bin/app';
import { paramsAndSecretsRegions } from '../../infra/constructs/domain-function';
import { stageNames } from '../../infra/stage';
import { CLOUDFRONT_LOG_UNSUPPORTED_REGIONS } from '../../infra/stacks/cloudfront-log-stack';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth-app';

/**
 * Two stages of the real app side by side, as in one AWS account: production
 * with the defaults and staging with a custom domain. Synthesized once each,
 * without bundling (the bundles are test/infra/stacks.test.ts's concern), and
 * every test below reads these two.
 */
const DOMAIN = 'raffle-staging.example.lr';
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
const STAGING = {
  stage: 'staging',
  domainName: DOMAIN,
  certificateArn: CERTIFICATE,
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'example.lr',
};

let prod: SynthesizedApp;
let staging: SynthesizedApp;

beforeAll(() => {
  prod = synthApp({ withWebDist: false, skipBundling: true });
  staging = synthApp({ withWebDist: false, skipBundling: true, context: STAGING });
}, 180_000);
afterAll(() => {
  prod?.dispose();
  staging?.dispose();
});

const stacksOf = (synth: SynthesizedApp) => [
  synth.data,
  synth.network,
  synth.api,
  synth.realtime,
  synth.web,
  synth.observability,
];
const templatesOf = (synth: SynthesizedApp) =>
  stacksOf(synth).map((stack) => synth.template(stack).toJSON() as Record<string, any>);

/**
 * Every name the account holds one of: stack names and every literal physical
 * name a resource is given (properties CloudFormation would otherwise generate).
 */
const PHYSICAL_NAME_PROPERTIES: Record<string, string> = {
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::Scheduler::Schedule': 'Name',
  'AWS::Scheduler::ScheduleGroup': 'Name',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::CloudWatch::Alarm': 'AlarmName',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::KMS::Alias': 'AliasName',
  'AWS::CloudFront::Function': 'Name',
  'AWS::CloudFront::ResponseHeadersPolicy': 'ResponseHeadersPolicyConfig.Name',
};

function physicalNames(synth: SynthesizedApp): string[] {
  const names = stacksOf(synth).map((stack) => `stack ${stack.stackName}`);
  for (const template of templatesOf(synth)) {
    for (const resource of Object.values<Record<string, any>>(template.Resources)) {
      const path = PHYSICAL_NAME_PROPERTIES[resource.Type];
      if (!path) continue;
      const value = path.split('.').reduce<any>((node, key) => node?.[key], resource.Properties);
      if (value !== undefined) names.push(`${resource.Type} ${JSON.stringify(value)}`);
    }
  }
  return names;
}

describe('stages side by side in one account', () => {
  it('prefixes every stack, table and secret name with the stage', () => {
    for (const [synth, stage] of [
      [prod, 'prod'],
      [staging, 'staging'],
    ] as const) {
      const names = physicalNames(synth);
      expect(names).toEqual(
        expect.arrayContaining([
          `stack raffle-${stage}-data`,
          `AWS::DynamoDB::GlobalTable "raffle-${stage}-main"`,
          `AWS::SecretsManager::Secret "raffle/${stage}/integrations"`,
          `AWS::SecretsManager::Secret "raffle/${stage}/origin-verify"`,
        ]),
      );
      for (const name of names.filter((n) => !n.includes('Fn::'))) expect(name, name).toContain(stage);
    }
  });

  it('gives no two stages any physical name in common', () => {
    const prodNames = new Set(physicalNames(prod));
    expect(physicalNames(staging).filter((name) => prodNames.has(name))).toEqual([]);
  });

  it("points every function at its own stage's table", () => {
    for (const synth of [prod, staging]) {
      const tableId = Object.keys(resourcesOf(synth.template(synth.data), 'AWS::DynamoDB::GlobalTable'))[0];
      for (const stack of [synth.api, synth.realtime]) {
        for (const fn of Object.values(resourcesOf(synth.template(stack), 'AWS::Lambda::Function'))) {
          expect(JSON.stringify(fn.Properties.Environment.Variables.TABLE_NAME)).toContain(tableId);
        }
      }
    }
  });

  it.each(['prod', 'staging'] as const)('passes cdk-nag AwsSolutions in every stack of %s', (stage) => {
    const synth = stage === 'prod' ? prod : staging;
    const violations = synth.nag
      .validateScope(synth.app)
      .violations.filter((v) => v.severity === 'error' || v.severity === 'warning');
    expect(
      violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
    ).toEqual([]);
  });
});

describe('the integrations secret', () => {
  const integrationsSecretOf = (template: Record<string, any>) =>
    Object.values<Record<string, any>>(template.Resources).find(
      (r) => r.Type === 'AWS::SecretsManager::Secret' && String(r.Properties.Name).endsWith('/integrations'),
    );

  it('is created empty: CloudFormation neither generates nor sets its value, so it never overwrites one', () => {
    for (const synth of [prod, staging]) {
      const secret = integrationsSecretOf(synth.template(synth.data).toJSON());
      expect(Object.keys(secret?.Properties ?? {}).sort()).toEqual(['Description', 'Name']);
      expect(secret?.DeletionPolicy).toBe('Retain');
    }
  });

  it('is the same resource whatever the template in the code says (a template change leaves the value alone)', () => {
    const before = integrationsSecretOf(prod.template(prod.data).toJSON());
    const template = INTEGRATIONS_SECRET_TEMPLATE as unknown as Record<string, unknown>;
    template.addedAfterFirstDeploy = { apiKey: '' };
    try {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
      const changed = buildApp(app);
      const after = integrationsSecretOf(Template.fromStack(changed.data).toJSON());
      expect(after).toEqual(before);
    } finally {
      delete template.addedAfterFirstDeploy;
    }
  });
});

describe('the Parameters and Secrets extension region', () => {
  it('refuses, before any resource is created, every region the layer mapping lacks', () => {
    for (const synth of [prod, staging]) {
      for (const stack of [synth.api, synth.realtime]) {
        const template = synth.template(stack).toJSON() as Record<string, any>;
        const mapping = Object.entries<Record<string, unknown>>(template.Mappings ?? {}).find(([id]) =>
          id.startsWith('Paramsandsecretslayer'),
        );
        expect(mapping, stack.stackName).toBeDefined();
        const rule = template.Rules.ParamsAndSecretsExtensionRegion;
        const [regions, region] = rule.Assertions[0].Assert['Fn::Contains'];
        expect(region).toEqual({ Ref: 'AWS::Region' });
        expect([...regions].sort()).toEqual(Object.keys(mapping![1]).sort());
        expect(rule.Assertions[0].AssertDescription).toMatch(
          /Parameters and Secrets Lambda Extension .* is not published in this region\. Deploy to one of: .*us-east-1/,
        );
      }
    }
  });

  it('refuses at synth a region given with -c region that the extension is not published in', () => {
    const app = new App({ context: { region: 'xx-nowhere-1', 'aws:cdk:bundling-stacks': [] } });
    expect(() => buildApp(app)).toThrow(/not published in xx-nowhere-1\. Deploy to one of: .*eu-west-1/);
    expect(paramsAndSecretsRegions()).toContain('af-south-1');
  });

  it('refuses, when no region was pinned at synth, a region CloudFront cannot deliver standard logs to', () => {
    const rule = (prod.template(prod.web).toJSON() as Record<string, any>).Rules.CloudFrontLogRegion;
    const [regions, region] = rule.Assertions[0].Assert['Fn::Not'][0]['Fn::Contains'];
    expect(region).toEqual({ Ref: 'AWS::Region' });
    expect(regions).toEqual([...CLOUDFRONT_LOG_UNSUPPORTED_REGIONS]);
    expect(regions).toEqual(expect.arrayContaining(['af-south-1', 'eu-south-1', 'me-south-1', 'ap-east-1']));
    expect(rule.Assertions[0].AssertDescription).toMatch(/-c region=/);
    expect(prod.cloudFrontLogs).toBeUndefined();
  });

  it('refuses a stage name that cannot prefix resource names', () => {
    expect(() => stageNames('Prod Live')).toThrow(/not a usable stage name/);
    expect(stageNames('staging').table).toBe('raffle-staging-main');
  });
});

describe('a custom domain', () => {
  it('serves the site on it with its us-east-1 certificate and TLS 1.2, and creates its DNS records', () => {
    const web = staging.template(staging.web);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: [DOMAIN],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      },
    });
    const records = Object.values(resourcesOf(web, 'AWS::Route53::RecordSet')).map(
      (r) => `${r.Properties.Type} ${r.Properties.Name} ${r.Properties.HostedZoneId}`,
    );
    expect(records.sort()).toEqual([`A ${DOMAIN}. Z0123456789ABC`, `AAAA ${DOMAIN}. Z0123456789ABC`]);
    expect((web.toJSON() as Record<string, any>).Outputs.CallbackHost.Value).toBe(DOMAIN);
    expect(resourcesOf(prod.template(prod.web), 'AWS::Route53::RecordSet')).toEqual({});
  });

  it('is the host provider callbacks are built on and the origin the WebSocket accepts', () => {
    for (const stack of [staging.api, staging.realtime]) {
      for (const fn of Object.values(resourcesOf(staging.template(stack), 'AWS::Lambda::Function'))) {
        const env = fn.Properties.Environment.Variables;
        expect(env.PUBLIC_BASE_URL, env.POWERTOOLS_SERVICE_NAME).toBe(`https://${DOMAIN}`);
        if (env.POWERTOOLS_SERVICE_NAME === 'ws') expect(env.ALLOWED_ORIGINS).toBe(`https://${DOMAIN}`);
      }
    }
  });

  it('is refused at synth without a us-east-1 certificate', () => {
    const attempt = (context: Record<string, string>) => () =>
      buildApp(new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } }));
    expect(attempt({ domainName: DOMAIN })).toThrow(/needs -c certificateArn: .* in us-east-1/);
    expect(attempt({ domainName: DOMAIN, certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') })).toThrow(
      /us-east-1/,
    );
    expect(
      attempt({ domainName: DOMAIN, certificateArn: CERTIFICATE, hostedZoneId: 'Z1', hostedZoneName: 'other.lr' }),
    ).toThrow(/not in the hosted zone other\.lr/);
  });
});

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUDFRONT_LOG_UNSUPPORTED_REGIONS } from '../../infra/stacks/cloudfront-log-stack';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth-app';

/**
 * The app pinned to a region (`-c region=`), as a production deploy is: the
 * African region nearest Liberia (af-south-1, where CloudFront delivers no
 * standard logs) and eu-west-1 (where it does). Synthesized without bundling;
 * the synthesis itself runs cdk-nag, and any unacknowledged finding fails it.
 */
let africa: SynthesizedApp;
let ireland: SynthesizedApp;

beforeAll(() => {
  africa = synthApp({ withWebDist: true, skipBundling: true, context: { region: 'af-south-1' } });
  ireland = synthApp({ withWebDist: true, skipBundling: true, context: { region: 'eu-west-1' } });
}, 300_000);
afterAll(() => {
  africa?.dispose();
  ireland?.dispose();
});

const stacksOf = (synth: SynthesizedApp) =>
  [synth.data, synth.network, synth.api, synth.realtime, synth.web, synth.observability, synth.cloudFrontLogs].filter(
    (s) => s !== undefined,
  );

const nagFindings = (synth: SynthesizedApp) =>
  synth.nag
    .validateScope(synth.app)
    .violations.filter((v) => v.severity === 'error' || v.severity === 'warning')
    .map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

const distributionLogging = (synth: SynthesizedApp) =>
  Object.values(resourcesOf(synth.template(synth.web), 'AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig.Logging;

describe('a deploy pinned to a region', () => {
  it.each([
    ['af-south-1', () => africa],
    ['eu-west-1', () => ireland],
  ])('synthesizes for %s with every stack in it and cdk-nag clean', (region, synth) => {
    for (const stack of [
      synth().data,
      synth().network,
      synth().api,
      synth().realtime,
      synth().web,
      synth().observability,
    ]) {
      expect(stack.region).toBe(region);
    }
    expect(nagFindings(synth())).toEqual([]);
  });

  it('puts CloudFront standard logs of an af-south-1 stage in a bucket in a region CloudFront delivers to', () => {
    const logs = africa.cloudFrontLogs;
    expect(logs?.region).toBe('eu-west-1');
    expect(CLOUDFRONT_LOG_UNSUPPORTED_REGIONS).toContain('af-south-1');
    expect(CLOUDFRONT_LOG_UNSUPPORTED_REGIONS).not.toContain(logs?.region);
    // the bucket takes CloudFront's ACL-based delivery, and the distribution names it in its own region
    const buckets = Object.values(resourcesOf(africa.template(logs!), 'AWS::S3::Bucket'));
    expect(buckets).toHaveLength(1);
    expect(buckets[0]!.Properties.OwnershipControls.Rules[0].ObjectOwnership).toBe('BucketOwnerPreferred');
    const bucketName = JSON.stringify(buckets[0]!.Properties.BucketName);
    expect(bucketName).toContain('raffle-prod-cf-logs-');
    const target = JSON.stringify(distributionLogging(africa).Bucket);
    expect(target).toContain('raffle-prod-cf-logs-');
    expect(target).toContain('.s3.eu-west-1.');
    expect(target).not.toContain('af-south-1');
    // deployed before the web stack that names it
    expect(africa.web.dependencies).toContain(logs);
  });

  it('keeps the log bucket beside the site where CloudFront delivers to the region (eu-west-1)', () => {
    expect(ireland.cloudFrontLogs).toBeUndefined();
    const target = distributionLogging(ireland).Bucket;
    expect(target['Fn::GetAtt'][1]).toBe('RegionalDomainName');
    expect(ireland.template(ireland.web).toJSON().Resources[target['Fn::GetAtt'][0]].Type).toBe('AWS::S3::Bucket');
  });

  it('has no stack without a region in either synthesis', () => {
    for (const synth of [africa, ireland]) {
      for (const stack of stacksOf(synth)) expect(stack.region).toMatch(/^[a-z]{2}-[a-z]+-\d$/);
    }
  });
});

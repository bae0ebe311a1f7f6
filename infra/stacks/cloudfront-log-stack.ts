import { Aws, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * Regions whose S3 buckets CloudFront cannot deliver standard logs (legacy)
 * to (Amazon CloudFront Developer Guide, "Configure standard logging (legacy)":
 * "Don't choose an Amazon S3 bucket in any of the following Regions").
 * af-south-1, the region nearest Liberia, is one of them.
 */
export const CLOUDFRONT_LOG_UNSUPPORTED_REGIONS = [
  'af-south-1',
  'ap-east-1',
  'ap-south-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ca-west-1',
  'eu-central-2',
  'eu-south-1',
  'eu-south-2',
  'il-central-1',
  'me-central-1',
  'me-south-1',
] as const;

/** Where the CloudFront log bucket goes when the stage's region cannot hold it (`-c cloudFrontLogRegion=`). */
export const DEFAULT_CLOUDFRONT_LOG_REGION = 'eu-west-1';

export const cloudFrontCanLogTo = (region: string): boolean =>
  !(CLOUDFRONT_LOG_UNSUPPORTED_REGIONS as readonly string[]).includes(region);

/**
 * The CloudFront log bucket's name: derived (stage, account, region), not
 * exported, so the web stack in another region names it without a
 * cross-region reference. S3 names are global, hence the account.
 */
export const cloudFrontLogBucketName = (stage: string, account: string, region: string): string =>
  `raffle-${stage}-cf-logs-${account}-${region}`;

export interface CloudFrontLogStackProps extends StackProps {
  readonly stage: string;
  /** This stack's region: a pinned one CloudFront can deliver standard logs to. */
  readonly env: { readonly region: string };
}

/**
 * Only the bucket CloudFront writes its standard logs to, for a stage whose
 * own region CloudFront cannot deliver to (e.g. af-south-1). The rest of the
 * site stays in the stage's region; the distribution itself is global.
 */
export class CloudFrontLogStack extends Stack {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: CloudFrontLogStackProps) {
    super(scope, id, props);
    if (!cloudFrontCanLogTo(props.env.region))
      throw new Error(`CloudFront cannot deliver standard logs to a bucket in ${props.env.region}`);
    // CloudFront standard logs need ACLs on the target bucket (BUCKET_OWNER_PREFERRED).
    this.bucket = new s3.Bucket(this, 'CloudFrontLogs', {
      bucketName: cloudFrontLogBucketName(props.stage, Aws.ACCOUNT_ID, props.env.region),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "This bucket only receives CloudFront's access logs; logging the log bucket's own accesses would need a further bucket in this region for no reader.",
    });
  }
}

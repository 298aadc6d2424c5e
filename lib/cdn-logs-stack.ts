import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { EDGE_REGION } from './edge-stack.js';
import { acknowledge } from './nag.js';

/**
 * The fields of each CloudFront access log line (standard logging v2). Left out on purpose:
 * `cs-uri-query` (signing, download, confirmation and reset links carry their token in the
 * query string, as the spec defines them), `cs(Referer)` (a page's address, query included,
 * would bring the same tokens back) and `cs(Cookie)`. Legacy standard logging cannot drop
 * fields, so it is off.
 */
export const CDN_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'ssl-protocol',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
  'c-country',
  'cache-behavior-path-pattern',
] as const;

/** Access logs are kept as long as the other logs of the log bucket (lib/storage.ts). */
export const CDN_LOG_RETENTION_DAYS = 90;

export interface CdnLogsStackProps extends StackProps {
  /** The distribution's ARN (read across regions from the app stack). */
  distributionArn: string;
}

/**
 * CloudFront access logs without query strings, through CloudWatch Logs' vended-log delivery
 * (standard logging v2). AWS accepts a CloudFront delivery source only in us-east-1, so, like
 * the WAF, it has its own small stack there, with its own log bucket; it is deployed after the
 * app stack, whose distribution it reads.
 */
export class CdnLogsStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly delivery: logs.CfnDelivery;

  constructor(scope: Construct, id: string, props: CdnLogsStackProps) {
    super(scope, id, {
      description: 'Sello: CloudFront access logs without query strings (us-east-1 by AWS rule)',
      ...props,
      env: { account: props.env?.account, region: EDGE_REGION },
      crossRegionReferences: true,
    });

    this.bucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(CDN_LOG_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The log delivery service writes the files, for this account's delivery sources only.
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AWSLogDeliveryWrite',
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects('cloudfront/*')],
        conditions: {
          StringEquals: {
            's3:x-amz-acl': 'bucket-owner-full-control',
            'aws:SourceAccount': this.account,
          },
          ArnLike: {
            'aws:SourceArn': `arn:${this.partition}:logs:${this.region}:${this.account}:delivery-source:*`,
          },
        },
      }),
    );

    const source = new logs.CfnDeliverySource(this, 'Source', {
      name: `${this.stackName}-cloudfront`,
      logType: 'ACCESS_LOGS',
      resourceArn: props.distributionArn,
    });
    const destination = new logs.CfnDeliveryDestination(this, 'Destination', {
      name: `${this.stackName}-s3`,
      destinationResourceArn: this.bucket.bucketArn,
      outputFormat: 'w3c',
    });
    this.delivery = new logs.CfnDelivery(this, 'Delivery', {
      deliverySourceName: source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...CDN_LOG_FIELDS],
      s3SuffixPath: 'cloudfront/{DistributionId}/{yyyy}/{MM}/{dd}',
    });
    this.delivery.addDependency(source);
    this.delivery.addDependency(destination);
    // The policy must exist before the delivery checks it can write.
    if (this.bucket.policy) this.delivery.node.addDependency(this.bucket.policy);

    acknowledge(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'This bucket only receives CloudFront access logs; logging its own accesses would ' +
          'need yet another bucket for no gain.',
      },
    ]);
  }
}

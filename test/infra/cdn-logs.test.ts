import { describe, expect, it } from 'vitest';
import { CDN_LOG_FIELDS, CDN_LOG_RETENTION_DAYS } from '../../lib/cdn-logs-stack.js';
import { nagFindings, synth } from './synth.js';

const s = synth();
const t = s.cdnLogsTemplate;
const only = (type: string) => {
  const all = Object.values(t.findResources(type));
  expect(all).toHaveLength(1);
  return all[0]?.Properties;
};

describe('CloudFront access logs (standard logging v2, us-east-1)', () => {
  it('lives in us-east-1, where AWS accepts a CloudFront delivery source', () => {
    expect(s.cdnLogs.region).toBe('us-east-1');
  });

  it('logs no query string, referer or cookie: signing and account links carry tokens there', () => {
    const delivery = only('AWS::Logs::Delivery');
    expect(delivery.RecordFields).toEqual([...CDN_LOG_FIELDS]);
    for (const field of ['cs-uri-query', 'cs(Referer)', 'cs(Cookie)']) {
      expect(delivery.RecordFields).not.toContain(field);
    }
    expect(delivery.RecordFields).toEqual(
      expect.arrayContaining(['date', 'time', 'c-ip', 'cs-uri-stem', 'sc-status']),
    );
  });

  it("reads the app stack's distribution, across regions", () => {
    const source = only('AWS::Logs::DeliverySource');
    expect(source.LogType).toBe('ACCESS_LOGS');
    expect(JSON.stringify(source.ResourceArn)).toContain('Sello');
    // The distribution's legacy logging (which keeps query strings) is off.
    const dist = Object.values(s.template.findResources('AWS::CloudFront::Distribution'))[0];
    expect(dist?.Properties.DistributionConfig.Logging).toBeUndefined();
  });

  it('writes to its own private bucket, which lets only log delivery in and forgets after 90 days', () => {
    const destination = only('AWS::Logs::DeliveryDestination');
    expect(JSON.stringify(destination.DestinationResourceArn)).toMatch(/Logs/);
    const bucket = only('AWS::S3::Bucket');
    expect(bucket.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: CDN_LOG_RETENTION_DAYS, Status: 'Enabled' }),
    ]);
    expect(bucket.PublicAccessBlockConfiguration).toMatchObject({
      BlockPublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const policy = only('AWS::S3::BucketPolicy');
    const write = policy.PolicyDocument.Statement.find(
      (st: { Sid?: string }) => st.Sid === 'AWSLogDeliveryWrite',
    );
    expect(write.Principal).toEqual({ Service: 'delivery.logs.amazonaws.com' });
    expect(write.Condition.StringEquals['aws:SourceAccount']).toBeDefined();
  });

  it('has no unacknowledged cdk-nag finding', () => {
    expect(nagFindings(s.cdnLogs)).toEqual([]);
  });
});

import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiEs } from '../shared/messages/api.es.js';

/** CloudFront-scoped WAF resources can only be created in us-east-1. */
export const EDGE_REGION = 'us-east-1';

/** Requests per client address in any 5 minutes before the WAF answers 429 (context `wafRateLimit`). */
export const DEFAULT_WAF_RATE_LIMIT = 2000;

export interface EdgeStackProps extends StackProps {
  /** Requests per IP per 5 minutes; default DEFAULT_WAF_RATE_LIMIT. */
  rateLimit?: number;
}

/**
 * The WAF web ACL in front of CloudFront. It lives in its own small stack pinned to us-east-1
 * (AWS requires CloudFront web ACLs there) so the app stack can be deployed in the region
 * closest to its users (sa-east-1 for Chile) instead of being dragged to us-east-1 with it;
 * the app stack reads the ACL's ARN through a CDK cross-region reference.
 *
 * Rules, in order:
 * 0. a rate-based rule: one address over `rateLimit` requests in 5 minutes gets 429 (Spanish
 *    JSON, the API's error shape) until it slows down;
 * 1. AWS managed common rule set (OWASP-style: bad bots, LFI/RFI, XSS, …), except its 8 KB body
 *    size rule, which only counts: the Stripe webhook posts up to 256 KB and every route
 *    enforces its own body limit (functions/platform/http.ts);
 * 2. AWS managed known-bad-inputs rule set (Log4j, Java deserialisation, localhost Host, …).
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps = {}) {
    super(scope, id, {
      description: 'Sello: WAF for the CloudFront distribution (us-east-1 by AWS rule)',
      ...props,
      env: { account: props.env?.account, region: EDGE_REGION },
      crossRegionReferences: true,
    });
    const rateLimit = props.rateLimit ?? DEFAULT_WAF_RATE_LIMIT;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (priority: number, name: string, countOnly: string[] = []) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides: countOnly.map((rule) => ({
            name: rule,
            actionToUse: { count: {} },
          })),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: 'sello-web',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('sello-web'),
      customResponseBodies: {
        TooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: { code: 'TOO_MANY_REQUESTS', message: apiEs.tooManyRequests },
          }),
        },
      },
      rules: [
        {
          name: 'RatePerClient',
          priority: 0,
          action: {
            block: {
              customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: rateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('RatePerClient'),
        },
        managed(1, 'AWSManagedRulesCommonRuleSet', ['SizeRestrictions_BODY']),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
  }

  /** For the distribution (`webAclId` takes the ARN for WAFv2). */
  get webAclArn(): string {
    return this.webAcl.attrArn;
  }
}

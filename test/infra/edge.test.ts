import { describe, expect, it } from 'vitest';
import { DEFAULT_WAF_RATE_LIMIT } from '../../lib/edge-stack.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { nagFindings, synth } from './synth.js';

/** The WAF in front of CloudFront: us-east-1, managed rules, a rate rule, on the distribution. */
const s = synth({ jobs: [] });
const { edge, edgeTemplate, template } = s;
const acl = () => Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0]?.Properties;

describe('the WAF web ACL', () => {
  it('lives in us-east-1 (CloudFront scope), whatever region the app is in', () => {
    expect(edge.region).toBe('us-east-1');
    expect(s.stack.region).toBe('sa-east-1');
    edgeTemplate.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(acl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('blocks a client over the rate limit with 429 and the API error shape in Spanish', () => {
    const rate = acl().Rules.find((r: { Name: string }) => r.Name === 'RatePerClient');
    expect(rate).toMatchObject({
      Priority: 0,
      Statement: {
        RateBasedStatement: {
          Limit: DEFAULT_WAF_RATE_LIMIT,
          EvaluationWindowSec: 300,
          AggregateKeyType: 'IP',
        },
      },
      Action: {
        Block: {
          CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' },
        },
      },
    });
    expect(JSON.parse(acl().CustomResponseBodies.TooManyRequests.Content)).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: apiEs.tooManyRequests },
    });
  });

  it('applies the AWS common and known-bad-inputs rule sets (body size only counted)', () => {
    const managed = acl()
      .Rules.filter((r: { Statement: object }) => 'ManagedRuleGroupStatement' in r.Statement)
      .map((r: { Statement: { ManagedRuleGroupStatement: object }; OverrideAction: object }) => ({
        ...r.Statement.ManagedRuleGroupStatement,
        OverrideAction: r.OverrideAction,
      }));
    expect(managed).toEqual([
      {
        VendorName: 'AWS',
        Name: 'AWSManagedRulesCommonRuleSet',
        // The Stripe webhook posts up to 256 KB; each route enforces its own body limit.
        RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
        OverrideAction: { None: {} },
      },
      {
        VendorName: 'AWS',
        Name: 'AWSManagedRulesKnownBadInputsRuleSet',
        RuleActionOverrides: [],
        OverrideAction: { None: {} },
      },
    ]);
    for (const rule of acl().Rules) {
      expect(rule.VisibilityConfig).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      });
    }
  });
});

describe('the distribution', () => {
  it('is associated with the web ACL (read across regions from us-east-1)', () => {
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]
      ?.Properties.DistributionConfig;
    // A cross-region reference: CloudFormation reads the edge stack's output in us-east-1.
    expect(config.WebACLId).toEqual({
      'Fn::GetStackOutput': {
        StackName: 'SelloEdge',
        Region: 'us-east-1',
        OutputName: expect.any(String),
      },
    });
    const output = edgeTemplate.toJSON().Outputs[config.WebACLId['Fn::GetStackOutput'].OutputName];
    expect(output.Value).toEqual({
      'Fn::GetAtt': [edge.getLogicalId(edge.webAcl), 'Arn'],
    });
  });
});

describe('cdk-nag', () => {
  it('has no unacknowledged finding in the edge stack or the app stack', () => {
    expect(nagFindings(edge)).toEqual([]);
    expect(nagFindings(s.stack)).toEqual([]);
  });
});

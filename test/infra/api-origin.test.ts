import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { API_STAGE_NAME } from '../../lib/api.js';
import { FROM_CLOUDFRONT_RULE } from '../../lib/api-origin-waf.js';
import { API_PATH_PATTERN } from '../../lib/web.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/contract/origin.js';
import { routeThrottle } from '../../shared/contract/route-throttle.js';
import { routeList } from '../../shared/contract/routes.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { inAppStack, logicalId, synth, templateOf } from './synth.js';

/**
 * The API answers only through CloudFront: the REST API's one stage carries a regional WAF that
 * blocks every request without CloudFront's origin header before anything of the API runs (no
 * authorizer, no function), and each route has its own throttle.
 */
const s = synth({ jobs: [] });
const { stack, template } = s;
// findResources' own type: CloudFormation JSON, read field by field below.
const resources = template.toJSON().Resources as ReturnType<typeof template.findResources>;
const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);
const acl = stack.api.originWaf.webAcl;
const aclProps = resources[stack.getLogicalId(acl)]?.Properties;
const stageId = logicalId(stack, stack.api.stage);

/** The value CloudFront puts in the origin header of every /api/* request. */
function cloudFrontOriginHeader(): unknown {
  const config = ofType('AWS::CloudFront::Distribution')[0]?.Properties.DistributionConfig;
  const behavior = config.CacheBehaviors.find(
    (b: { PathPattern: string }) => b.PathPattern === API_PATH_PATTERN,
  );
  const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
  expect(origin.OriginPath).toBe('/live');
  const header = origin.OriginCustomHeaders.find(
    (h: { HeaderName: string }) => h.HeaderName === ORIGIN_VERIFY_HEADER,
  );
  return header.HeaderValue;
}

/**
 * What the WAF does with a request, read from the synthesized rules: the first rule (by
 * priority) whose statement matches decides, else the default action. Header values are
 * compared as they stand in the template (the secret is a CloudFormation dynamic reference, the
 * same one on both sides), so a caller who does not hold the secret never matches.
 */
function wafAction(headers: Record<string, unknown>): 'allow' | 'block' {
  const rules = [...aclProps.Rules].sort(
    (a: { Priority: number }, b: { Priority: number }) => a.Priority - b.Priority,
  );
  for (const rule of rules) {
    const match = rule.Statement.ByteMatchStatement;
    if (!match) throw new Error(`rule ${rule.Name}: only byte-match rules are modelled here`);
    expect(match.PositionalConstraint).toBe('EXACTLY');
    expect(match.TextTransformations).toEqual([{ Priority: 0, Type: 'NONE' }]);
    const sent = headers[String(match.FieldToMatch.SingleHeader.Name).toLowerCase()];
    if (sent !== undefined && JSON.stringify(sent) === JSON.stringify(match.SearchString)) {
      return 'Allow' in rule.Action ? 'allow' : 'block';
    }
  }
  return 'Block' in aclProps.DefaultAction ? 'block' : 'allow';
}

describe('the API behind CloudFront', () => {
  it('is one REST API stage with a regional WAF associated', () => {
    expect(ofType('AWS::ApiGateway::RestApi')).toHaveLength(1);
    expect(ofType('AWS::ApiGateway::Stage')).toHaveLength(1);
    expect(aclProps.Scope).toBe('REGIONAL');
    const associations = ofType('AWS::WAFv2::WebACLAssociation');
    expect(associations).toHaveLength(1);
    expect(associations[0]?.Properties.WebACLArn).toEqual({
      'Fn::GetAtt': [stack.getLogicalId(acl), 'Arn'],
    });
    expect(JSON.stringify(associations[0]?.Properties.ResourceArn)).toContain(
      JSON.stringify({ Ref: stageId }),
    );
  });

  it('refuses a direct call without the origin header at the WAF, with 403 in Spanish', () => {
    expect(wafAction({})).toBe('block');
    expect(wafAction({ 'content-type': 'application/json', authorization: 'Bearer x' })).toBe(
      'block',
    );
    expect(aclProps.DefaultAction.Block.CustomResponse).toEqual({
      ResponseCode: 403,
      CustomResponseBodyKey: 'OriginRefused',
    });
    expect(JSON.parse(aclProps.CustomResponseBodies.OriginRefused.Content)).toEqual({
      error: { code: 'FORBIDDEN', message: apiEs.originRefused },
    });
  });

  it('refuses a guessed or empty origin header', () => {
    expect(wafAction({ [ORIGIN_VERIFY_HEADER]: '' })).toBe('block');
    expect(wafAction({ [ORIGIN_VERIFY_HEADER]: 'cloudfront' })).toBe('block');
  });

  it('lets through exactly what CloudFront sends, from the secret the functions check too', () => {
    expect(aclProps.Rules.map((r: { Name: string }) => r.Name)).toEqual([FROM_CLOUDFRONT_RULE]);
    const value = cloudFrontOriginHeader();
    expect(wafAction({ [ORIGIN_VERIFY_HEADER]: value })).toBe('allow');
    const secretId = logicalId(stack, stack.secrets.byName.ORIGIN_VERIFY_SECRET);
    expect(JSON.stringify(value)).toContain(JSON.stringify({ Ref: secretId }));
    expect(JSON.stringify(value)).toContain('{{resolve:secretsmanager:');
  });

  it('lets the route functions be invoked only through the guarded stage', () => {
    // API Gateway calls every function with one role (the integrations' credentials); no
    // function has a resource policy of its own that API Gateway could use instead.
    const role = logicalId(stack, stack.api.invokeRole);
    // The functions live in nested stacks by domain (lib/route-stacks.ts): none there has a
    // Lambda permission at all.
    for (const nested of Object.values(stack.api.routeStacks)) {
      templateOf(s, nested).resourceCountIs('AWS::Lambda::Permission', 0);
    }
    const methods = ofType('AWS::ApiGateway::Method');
    expect(methods).toHaveLength(routeList.length);
    for (const m of methods) {
      expect(m.Properties.Integration.Type).toBe('AWS_PROXY');
      expect(m.Properties.Integration.Credentials).toEqual({ 'Fn::GetAtt': [role, 'Arn'] });
    }

    // Only API Gateway, and only on behalf of this API's stage: .../{api}/{stage}/*/*, never
    // the console's test-invoke-stage nor another API.
    const trust = resources[role]?.Properties.AssumeRolePolicyDocument.Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0].Principal).toEqual({ Service: 'apigateway.amazonaws.com' });
    const sourceArn = trust[0].Condition.ArnLike['aws:SourceArn'];
    const arn = JSON.stringify(sourceArn);
    expect(arn).toContain(JSON.stringify({ Ref: logicalId(stack, stack.api.api) }));
    expect(arn).toContain(`/${API_STAGE_NAME}/*/*`);
    expect(arn).not.toContain('test-invoke-stage');
    expect(resources[stageId]?.Properties.StageName).toBe(API_STAGE_NAME);

    // The role may invoke exactly the route functions, and nothing else: no policy of its own
    // in the app stack, one managed policy in each nested stack of route functions naming that
    // stack's functions (lib/api.ts).
    const ownPolicies = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role));
    expect(ownPolicies).toEqual([]);
    const invoked: unknown[] = [];
    for (const nested of Object.values(stack.api.routeStacks)) {
      const policies = Object.values(
        templateOf(s, nested).findResources('AWS::IAM::ManagedPolicy'),
      ).filter((p) =>
        JSON.stringify(inAppStack(s, nested, p.Properties.Roles)).includes(`"Ref":"${role}"`),
      );
      expect(policies).toHaveLength(1);
      const statements = policies[0]?.Properties.PolicyDocument.Statement;
      expect(statements).toHaveLength(1);
      expect(statements[0].Action).toBe('lambda:InvokeFunction');
      invoked.push(...[statements[0].Resource].flat());
    }
    const apiFunctionArns = Object.values(stack.api.functions).map((f) => ({
      'Fn::GetAtt': [logicalId(Stack.of(f), f.fn), 'Arn'],
    }));
    expect(invoked).toHaveLength(apiFunctionArns.length);
    expect(invoked).toEqual(expect.arrayContaining(apiFunctionArns));
  });
});

describe('per-route throttles', () => {
  const settings = ofType('AWS::ApiGateway::Stage')[0]?.Properties.MethodSettings as {
    HttpMethod: string;
    ResourcePath: string;
    ThrottlingRateLimit: number;
    ThrottlingBurstLimit: number;
  }[];

  it.each(routeList.map((r) => [r.id, r] as const))('%s has its own', (_id, route) => {
    const path = route.path.replaceAll('/', '~1');
    const own = settings.filter(
      (m) => m.HttpMethod === route.method && m.ResourcePath === `/${path}`,
    );
    expect(own).toHaveLength(1);
    const { rate, burst } = routeThrottle(route);
    expect(own[0]).toMatchObject({ ThrottlingRateLimit: rate, ThrottlingBurstLimit: burst });
  });

  it('keeps the routes that parse files and the public writes below the signed-in ones', () => {
    const rateOf = (id: string) => routeThrottle(routeList.find((r) => r.id === id) as never).rate;
    expect(rateOf('analyzeDocument')).toBeLessThan(rateOf('getOrder'));
    expect(rateOf('signUp')).toBeLessThan(rateOf('getOrder'));
  });
});

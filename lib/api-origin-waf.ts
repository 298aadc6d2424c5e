import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../shared/contract/origin.js';
import { apiEs } from '../shared/messages/api.es.js';

export interface ApiOriginWafProps {
  /** The REST API stage CloudFront forwards `/api/*` to. */
  stage: apigw.Stage;
  /** The value CloudFront sends in `ORIGIN_VERIFY_HEADER` (lib/web.ts). */
  originSecret: secretsmanager.ISecret;
}

/** Name of the one rule that lets a request through. */
export const FROM_CLOUDFRONT_RULE = 'FromCloudFront';

/**
 * A regional WAF on the API's stage that lets through only requests carrying CloudFront's
 * origin header with its secret value; everything else gets 403 with the API's error shape in
 * Spanish. API Gateway evaluates the WAF before anything else of the API (authorizers, the
 * Lambda integration), so a call at the execute-api address that skips CloudFront, and the
 * edge WAF with it, never starts a function, however many arrive. The functions still check
 * the same header (functions/platform/origin-guard.ts): a second lock if this one is ever
 * detached.
 */
export class ApiOriginWaf extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiOriginWafProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      // Sampled requests would show the origin header's value in the console.
      sampledRequestsEnabled: false,
      metricName,
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'Sello API: only requests forwarded by CloudFront with the origin header',
      defaultAction: {
        block: { customResponse: { responseCode: 403, customResponseBodyKey: 'OriginRefused' } },
      },
      customResponseBodies: {
        OriginRefused: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ error: { code: 'FORBIDDEN', message: apiEs.originRefused } }),
        },
      },
      visibilityConfig: visibility('sello-api-origin'),
      rules: [
        {
          name: FROM_CLOUDFRONT_RULE,
          priority: 0,
          action: { allow: {} },
          statement: {
            byteMatchStatement: {
              // L1 passes this object through as is: CloudFormation's own casing.
              fieldToMatch: { singleHeader: { Name: ORIGIN_VERIFY_HEADER } },
              positionalConstraint: 'EXACTLY',
              // A dynamic reference: CloudFormation resolves it at deploy time, the template
              // holds only the secret's ARN.
              searchString: props.originSecret.secretValue.unsafeUnwrap(),
              textTransformations: [{ priority: 0, type: 'NONE' }],
            },
          },
          visibilityConfig: visibility(FROM_CLOUDFRONT_RULE),
        },
      ],
    });

    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}

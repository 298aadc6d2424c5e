import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CfnElement,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../shared/contract/origin.js';
import { REPO_ROOT } from './app-function.js';
import { acknowledge } from './nag.js';
import { inlineScriptHashes, SIGNER_PATH_PATTERNS, securityHeaders } from './security-headers.js';

export interface WebProps {
  /** execute-api host of the REST API: the origin of `/api/*`. */
  apiDomainName: string;
  /** The API's stage, which CloudFront puts in front of every `/api/*` path. */
  apiStageName: string;
  /**
   * Host of the documents bucket as browsers reach it (presigned POST/GET): the only storage
   * host the CSP names.
   */
  documentsDomainName: string;
  /** The WAF web ACL (lib/edge-stack.ts) in front of the whole distribution. */
  webAclArn: string;
  /** Sent to the API origin in `ORIGIN_VERIFY_HEADER` (the API refuses requests without it). */
  originSecret: secretsmanager.ISecret;
  logBucket: s3.IBucket;
  userPoolId: string;
  userPoolClientId: string;
  /** Optional custom domain; needs an ACM certificate in us-east-1. */
  domainName?: string;
  certificateArn?: string;
  /** Built SPA (vite build): deployed only when it exists, so synth works without a build. */
  webDistPath?: string;
  /** Stripe publishable key for Stripe.js (public); without it the SPA cannot take cards. */
  stripePublishableKey?: string;
}

/** The path every API route lives under; CloudFront sends it to API Gateway under the stage. */
export const API_PATH_PATTERN = '/api/*';

/**
 * One origin for the browser: CloudFront serves the SPA from a private bucket (OAC) and
 * forwards `/api/*` to the HTTP API, so the SPA calls its own origin (no CORS, cookies-free).
 */
export class WebConstruct extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://<custom domain or CloudFront domain>, without trailing slash. */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'web/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // SPA fallback for client-side routes. Done here, on the default behaviour only, rather
    // than with distribution-wide 403/404 error responses: those would also rewrite the API's
    // own 403/404 JSON answers into index.html with 200.
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for app routes (paths whose last segment has no dot)',
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          "  var last = request.uri.split('/').pop();",
          "  if (last.indexOf('.') === -1) request.uri = '/index.html';",
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });

    const dist = props.webDistPath ?? join(REPO_ROOT, 'web', 'dist');
    const headers = securityHeaders({
      documentsOrigin: `https://${props.documentsDomainName}`,
      cognitoOrigin: `https://cognito-idp.${stack.region}.${stack.urlSuffix}`,
      // The built index.html's inline scripts (the theme script), allowed by hash: computed
      // from the very file this synth uploads.
      scriptHashes: existsSync(join(dist, 'index.html'))
        ? inlineScriptHashes(readFileSync(join(dist, 'index.html'), 'utf8'))
        : [],
    });
    // One policy for the app and the API, one for the signer's pages: the same headers but
    // Referrer-Policy no-referrer (lib/security-headers.ts SIGNER_PATH_PATTERNS).
    const headersPolicy = (
      id: string,
      comment: string,
      referrer: cloudfront.HeadersReferrerPolicy,
    ) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        securityHeadersBehavior: {
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(headers.strictTransportSecurity.maxAgeSeconds),
            includeSubdomains: headers.strictTransportSecurity.includeSubdomains,
            override: true,
          },
          contentTypeOptions: { override: true },
          frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
          referrerPolicy: { referrerPolicy: referrer, override: true },
          contentSecurityPolicy: {
            contentSecurityPolicy: headers.contentSecurityPolicy,
            override: true,
          },
        },
      });
    const securityHeadersPolicy = headersPolicy(
      'SecurityHeaders',
      'Sello security headers (lib/security-headers.ts)',
      cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
    );
    const signerHeadersPolicy = headersPolicy(
      'SignerSecurityHeaders',
      "Sello security headers of the signer's pages: no Referer",
      cloudfront.HeadersReferrerPolicy.NO_REFERRER,
    );

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const spaBehavior = (
      responseHeadersPolicy: cloudfront.IResponseHeadersPolicy,
    ): cloudfront.BehaviorOptions => ({
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      functionAssociations: [
        { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    });

    const certificate = props.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Sello web + API',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      // Chile and Latin America first: South American edges are only in PriceClass_All.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Only settable with a custom certificate (the default *.cloudfront.net one is fixed).
      minimumProtocolVersion: certificate
        ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021
        : undefined,
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate,
      // Access logs go through standard logging v2, without query strings (cdn-logs-stack.ts).
      enableLogging: false,
      defaultBehavior: spaBehavior(securityHeadersPolicy),
      additionalBehaviors: {
        // The signer's pages: the SPA as on the default behaviour, with no Referer.
        ...Object.fromEntries(
          SIGNER_PATH_PATTERNS.map((pattern) => [pattern, spaBehavior(signerHeadersPolicy)]),
        ),
        [API_PATH_PATTERN]: {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            // The REST API's stage: /api/x reaches {stage}/api/x.
            originPath: `/${props.apiStageName}`,
            // CloudFront replaces any viewer header of this name with the secret, and the API's
            // own WAF refuses a request without it before any function runs
            // (lib/api-origin-waf.ts): the execute-api URL is no way around the edge WAF.
            customHeaders: {
              [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap(),
            },
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would turn POSTs into GETs: refuse plain HTTP instead.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header, cookie and query string except Host (API Gateway routes on its
          // own host name). AWS documents that this managed policy also adds CloudFront's
          // viewer-location headers, so CloudFront-Viewer-Country reaches GET /api/geo.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeadersPolicy,
        },
      },
    });

    this.appUrl = `https://${props.domainName ?? this.distribution.distributionDomainName}`;

    this.deploySite(props, dist);

    acknowledge(this.distribution, [
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Access logs are delivered by standard logging v2 (lib/cdn-logs-stack.ts, us-east-1) ' +
          'without the query string, where signing and account links carry their tokens.',
      },
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'The service is sold across Latin America and Spain and signers can be anywhere: no ' +
          'country is blocked.',
      },
      ...(certificate
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net ' +
                'certificate, whose TLS policy CloudFront fixes; with domainName/certificateArn ' +
                'set, TLSv1.2_2021 applies.',
            },
          ]),
    ]);
  }

  /**
   * Hashed assets are immutable; index.html and the other top-level files must revalidate so a
   * deploy is seen at once; config.json carries the Cognito ids and the Stripe publishable key the SPA needs at run time
   * (never a secret: it is public by nature).
   */
  private deploySite(props: WebProps, dist: string): void {
    // Source maps are never published (they would hand out our sources): left out of the
    // assets even if a build writes them.
    const built = () => s3deploy.Source.asset(dist, { exclude: ['*.map', '**/*.map'] });
    const revalidate = [
      s3deploy.CacheControl.setPublic(),
      s3deploy.CacheControl.noCache(),
      s3deploy.CacheControl.mustRevalidate(),
    ];

    // prune: false everywhere: old hashed assets stay for tabs still running the previous
    // release, and one deployment must never delete the files of another.
    const config = new s3deploy.BucketDeployment(this, 'DeployConfig', {
      destinationBucket: this.bucket,
      sources: [
        s3deploy.Source.jsonData('config.json', {
          mode: 'aws',
          cognito: { userPoolId: props.userPoolId, userPoolClientId: props.userPoolClientId },
          ...(props.stripePublishableKey
            ? { stripe: { publishableKey: props.stripePublishableKey } }
            : {}),
        }),
      ],
      cacheControl: revalidate,
      prune: false,
    });

    if (existsSync(join(dist, 'index.html'))) {
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        destinationBucket: this.bucket,
        sources: [built()],
        exclude: ['*'],
        include: ['assets/*'],
        cacheControl: [
          s3deploy.CacheControl.setPublic(),
          s3deploy.CacheControl.maxAge(Duration.days(365)),
          s3deploy.CacheControl.immutable(),
        ],
        prune: false,
      });
      const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
        destinationBucket: this.bucket,
        sources: [built()],
        exclude: ['assets/*', 'config.json'],
        cacheControl: revalidate,
        prune: false,
      });
      // index.html must not reference assets that are not uploaded yet.
      shell.node.addDependency(assets);
      shell.node.addDependency(config);
    }

    suppressBucketDeploymentFindings(Stack.of(this), this.bucket);
  }
}

/**
 * The CDK assets bucket objects ARN as cdk-nag prints it: literal where the stack knows its
 * environment, `<AWS::...>` placeholders where it does not (env-agnostic synth).
 */
function cdkAssetsObjectsArn(stack: Stack): string {
  const part = (value: string, pseudo: string) =>
    Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value;
  const qualifier =
    stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ??
    DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const bucket = `cdk-${qualifier}-assets-${part(stack.account, 'AccountId')}-${part(stack.region, 'Region')}`;
  return `arn:${part(stack.partition, 'Partition')}:s3:::${bucket}/*`;
}

/** BucketDeployment's provider Lambda is a CDK singleton at stack level: suppress it there. */
function suppressBucketDeploymentFindings(stack: Stack, webBucket: s3.Bucket): void {
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    acknowledge(child, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'CDK-provided BucketDeployment provider: its role uses AWSLambdaBasicExecutionRole ' +
          'and is only invoked by CloudFormation during deployments.',
        findings: [
          'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
        ],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'CDK-provided BucketDeployment provider: it copies whatever keys the build produced ' +
          'from the CDK asset bucket into the web bucket, so it needs object wildcards there.',
        findings: [
          'Action::s3:GetBucket*',
          'Action::s3:GetObject*',
          'Action::s3:List*',
          'Action::s3:Abort*',
          'Action::s3:DeleteObject*',
          `Resource::${cdkAssetsObjectsArn(stack)}`,
          `Resource::<${stack.getLogicalId(webBucket.node.defaultChild as CfnElement)}.Arn>/*`,
        ],
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK-provided BucketDeployment provider: its runtime is chosen by aws-cdk-lib.',
      },
    ]);
  }
}

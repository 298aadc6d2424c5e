import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../shared/contract/origin.js';
import { queues } from '../../shared/contract/queues.js';
import { routeList } from '../../shared/contract/routes.js';
import { environmentOf, logicalId, nagFindings, synth, templateOf } from './synth.js';

// A stand-in SPA build, so the web deployments are synthesized too.
const webDist = mkdtempSync(join(tmpdir(), 'sello-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');

// One synth for the whole file: the stack as bin/app.ts builds it (no jobs yet).
const s = synth({ jobs: [], webDistPath: webDist });
const { template, stack } = s;
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('data', () => {
  it('has one table with pk/sk, gsi1/gsi2, TTL, PITR, on-demand, AWS-managed encryption', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        // SSEEnabled without a key = the AWS-managed aws/dynamodb KMS key.
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: ['gsi1', 'gsi2'].map((name) => ({
          IndexName: name,
          KeySchema: [
            { AttributeName: `${name}pk`, KeyType: 'HASH' },
            { AttributeName: `${name}sk`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi2sk', AttributeType: 'S' },
        ]),
      },
    });
  });
});

describe('documents bucket', () => {
  const documentsId = logicalId(stack, stack.storage.documents);
  const documents = template.toJSON().Resources[documentsId];

  it('is private, encrypted, TLS-only and logged', () => {
    expect(documents.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(documents.Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [
        { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      ],
    });
    expect(documents.Properties.LoggingConfiguration).toMatchObject({
      DestinationBucketName: { Ref: logicalId(stack, stack.storage.logs) },
    });
    expect(documents.DeletionPolicy).toBe('Retain');
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: documentsId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  type Rule = { Id: string; Prefix?: string; ExpirationInDays?: number; Status: string };
  const rules = (): Rule[] => documents.Properties.LifecycleConfiguration.Rules;
  const expiryOf = (key: string) =>
    rules()
      .filter((r) => r.Status === 'Enabled' && r.ExpirationInDays !== undefined)
      .filter((r) => key.startsWith(r.Prefix ?? ''))
      .map((r) => r.ExpirationInDays as number);

  it('expires documents/ after 30 days and uploads never moved out of incoming/ after 1 day', () => {
    expect(expiryOf('documents/sub/id/a1.pdf')).toEqual([30]);
    // S3 applies the shortest expiry of the rules that match.
    expect(Math.min(...expiryOf('incoming/sub/id.pdf'))).toBe(1);
  });

  it('keeps evidence/ (signatures, sealed PDFs) 10 years: no 30-day rule reaches it', () => {
    expect(expiryOf('evidence/ord/sealed-r1.pdf')).toEqual([3650]);
    // Every expiry rule names a prefix: a rule without one would cover evidence/ too.
    for (const rule of rules().filter((r) => r.ExpirationInDays !== undefined)) {
      expect(rule.Prefix).toMatch(/^(incoming|documents|evidence)\/$/);
    }
    expect(rules()).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });

  it('allows presigned POST uploads (and GET/PUT/HEAD) from the app origin only', () => {
    const [rule] = documents.Properties.CorsConfiguration.CorsRules;
    expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'GET', 'PUT', 'HEAD']));
    // pdf.js in the signer's browser reads the presigned GET in ranges.
    expect(rule.ExposedHeaders).toEqual(expect.arrayContaining(['Content-Range', 'Accept-Ranges']));
    expect(rule.AllowedOrigins).not.toContain('*');
    expect(stack.resolve(rule.AllowedOrigins)).toEqual([stack.resolve(stack.web.appUrl)]);
  });
});

describe('auth', () => {
  it('signs in by e-mail, sends nothing itself, keeps the spec password rule', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: [],
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6 }) },
        DeletionProtection: 'ACTIVE',
        Schema: Match.arrayWith([
          Match.objectLike({ Name: 'given_name', Required: true }),
          Match.objectLike({ Name: 'family_name', Required: true }),
        ]),
      },
    });
  });

  it('lets nobody sign up through Cognito itself: only our API creates accounts', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
    });
  });

  it('lets no app client write the e-mail (or any attribute the product reads)', () => {
    const clients = template.findResources('AWS::Cognito::UserPoolClient');
    expect(Object.keys(clients).length).toBeGreaterThan(0);
    for (const client of Object.values(clients)) {
      const write = (client.Properties as { WriteAttributes?: string[] }).WriteAttributes;
      // Absent or empty means "every standard attribute" to Cognito, e-mail included.
      expect(write?.length).toBeGreaterThan(0);
      for (const forbidden of ['email', 'email_verified', 'given_name', 'family_name', 'name']) {
        expect(write).not.toContain(forbidden);
      }
      expect(write?.some((a) => a.startsWith('phone_number'))).toBe(false);
    }
  });

  it('has the admin group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it('has a public client with USER_PASSWORD_AUTH, SRP and refresh tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      RefreshTokenValidity: 43200, // minutes = 30 days
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });
});

describe('mail', () => {
  it('verifies the sender domain in SES', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'sello.cl' });
  });
});

describe('api', () => {
  it('has one Lambda per route and queue (plus the CDK BucketDeployment provider) and every route', () => {
    const ours = { Properties: { Runtime: 'nodejs22.x', Architectures: ['arm64'] } };
    const functions = template.findResources('AWS::Lambda::Function', ours);
    // The queue consumers and the deploy's Stripe webhook registration
    // (lib/stripe-webhook-registration.ts) here; the route functions in the nested stacks by
    // domain (lib/route-stacks.ts), one each.
    expect(Object.keys(functions)).toHaveLength(queues.length + 1);
    const routeStacks = Object.values(stack.api.routeStacks);
    const routeFunctions = routeStacks.flatMap((nested) =>
      Object.keys(templateOf(s, nested).findResources('AWS::Lambda::Function', ours)),
    );
    expect(routeFunctions).toHaveLength(routeList.length);
    template.resourceCountIs('AWS::ApiGateway::Method', routeList.length);
    for (const route of routeList) {
      template.hasResourceProperties('AWS::ApiGateway::Method', {
        HttpMethod: route.method,
        AuthorizationType: route.auth === 'public' ? 'NONE' : 'COGNITO_USER_POOLS',
      });
    }
  });

  it('logs access and throttles on its one stage', () => {
    template.resourceCountIs('AWS::ApiGateway::Stage', 1);
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'live',
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 50,
          ThrottlingBurstLimit: 100,
        }),
      ]),
    });
  });

  const noEchoParameters = ['MaintenanceAccessCode', 'StripeSecretKey', 'TsaUrl'];

  it('takes the maintenance code, the Stripe and the seal secrets from NoEcho parameters', () => {
    for (const name of noEchoParameters) {
      template.hasParameter(name, { Type: 'String', NoEcho: true });
    }
    // The TSA: HTTPS, required; the fallback optional.
    template.hasParameter('TsaUrl', { AllowedPattern: '^https://\\S+$', Default: Match.absent() });
    template.hasParameter('TsaUrlFallback', {
      NoEcho: true,
      Default: '',
      AllowedPattern: '^(https://\\S+)?$',
    });
  });

  it('creates the seal certificate chain secret empty, for the operator to fill (4 KB parameter cap)', () => {
    const chainId = logicalId(stack, stack.secrets.byName.SEAL_CERT_CHAIN);
    const chain = template.toJSON().Resources[chainId];
    expect(chain.Properties.SecretString).toBeUndefined();
    expect(chain.Properties.GenerateSecretString).toBeUndefined();
    const outputs = Object.values(template.toJSON().Outputs) as { Value: unknown }[];
    expect(outputs.map((o) => o.Value)).toContainEqual({ Ref: chainId });
  });

  it('stores each parameter in Secrets Manager, which no Lambda environment bypasses', () => {
    const secretOf = (name: keyof typeof stack.secrets.byName) =>
      template.toJSON().Resources[logicalId(stack, stack.secrets.byName[name])].Properties;
    expect(secretOf('STRIPE_SECRET_KEY').SecretString).toEqual({ Ref: 'StripeSecretKey' });
    // Stored by the deploy's webhook registration, never a parameter (stripe-webhook.test.ts).
    expect(secretOf('STRIPE_WEBHOOK_SECRET').SecretString).toBeUndefined();
    expect(secretOf('MAINTENANCE_ACCESS_CODE').SecretString).toEqual({
      Ref: 'MaintenanceAccessCode',
    });
    expect(secretOf('TSA_URL').SecretString).toEqual({ Ref: 'TsaUrl' });
    expect(secretOf('TSA_URL_FALLBACK').SecretString).toEqual({
      'Fn::If': [expect.stringMatching(/NoTsaUrlFallback/), 'none', { Ref: 'TsaUrlFallback' }],
    });
    // Secrets Manager refuses '': no webhook is stored as 'none' (the built-in analyzer).
    expect(secretOf('AI_ANALYSIS_WEBHOOK_URL').SecretString).toEqual({
      'Fn::If': [
        expect.stringMatching(/NoAiAnalysisWebhook/),
        'none',
        { Ref: 'AiAnalysisWebhookUrl' },
      ],
    });
    const functions = Object.values(template.findResources('AWS::Lambda::Function'));
    const refs = JSON.stringify(functions.map((f) => f.Properties.Environment ?? {}));
    for (const parameter of [...noEchoParameters, 'TsaUrlFallback']) {
      expect(refs).not.toContain(`"Ref":"${parameter}"`);
    }
    expect(refs).not.toContain('AiAnalysisWebhookUrl');
    expect(refs).not.toContain('resolve:secretsmanager');
  });
});

describe('web', () => {
  const distribution = () =>
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties
      .DistributionConfig;

  it('serves the SPA from a private bucket through OAC, rewriting app routes', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    // No distribution-wide error pages: they would swallow the API's own 403/404 answers.
    expect(config.CustomErrorResponses).toBeUndefined();
    // Legacy logs cannot drop the query string: v2 delivers them (cdn-logs.test.ts).
    expect(config.Logging).toBeUndefined();
  });

  it('routes /api/* to the HTTP API, uncached, without the Host header', () => {
    const api = distribution().CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    expect(api).toMatchObject({
      AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']),
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      // Managed-AllViewerExceptHostHeader (includes CloudFront-Viewer-Country)
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
      ViewerProtocolPolicy: 'https-only',
    });
    const origin = distribution().Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
  });

  it('sends the generated origin secret to the API (resolved by CloudFormation, not written)', () => {
    const api = distribution().CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    const origin = distribution().Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    const secretId = logicalId(stack, stack.secrets.byName.ORIGIN_VERIFY_SECRET);
    expect(origin.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: {
          'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
        },
      },
    ]);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
    // Only the API origin gets it (the S3 origin would not need it, and logs would show it).
    const others = distribution().Origins.filter(
      (o: { Id: string }) => o.Id !== api.TargetOriginId,
    );
    expect(others.every((o: { OriginCustomHeaders?: unknown }) => !o.OriginCustomHeaders)).toBe(
      true,
    );
  });

  it('sends security headers', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.anyValue(),
          }),
        }),
      },
    });
  });

  it('publishes config.json with the Cognito ids (and nothing secret) for the SPA', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
    const config = deployments.find((d) => d.Properties.SourceMarkers?.length);
    expect(config?.Properties).toMatchObject({
      DestinationBucketName: { Ref: logicalId(stack, stack.web.bucket) },
      Prune: false,
      SourceMarkers: [
        {
          '<<marker:0xbaba:0>>': { Ref: logicalId(stack, stack.auth.userPool) },
          '<<marker:0xbaba:1>>': { Ref: logicalId(stack, stack.auth.client) },
        },
      ],
    });
    expect(stagedConfig(s)).toEqual({
      mode: 'aws',
      cognito: { userPoolId: '<<marker:0xbaba:0>>', userPoolClientId: '<<marker:0xbaba:1>>' },
    });
  });

  it('adds the Stripe publishable key from the context, and refuses a secret key there', () => {
    const withStripe = synth({ jobs: [] }, { stripePublishableKey: 'pk_live_abc123' });
    expect(stagedConfig(withStripe)).toMatchObject({
      stripe: { publishableKey: 'pk_live_abc123' },
    });
    expect(JSON.stringify(stagedConfig(withStripe))).not.toMatch(/sk_|whsec_/);
    const intentFn = withStripe.stack.api.functions.createPackagePaymentIntent;
    if (!intentFn) throw new Error('no createPackagePaymentIntent function');
    expect(environmentOf(withStripe, intentFn).STRIPE_PUBLISHABLE_KEY).toBe('pk_live_abc123');
    expect(() => synth({ jobs: [] }, { stripePublishableKey: 'sk_live_abc123' })).toThrow(
      /publishable key/,
    );
  });
});

/** The config.json a synth stages for the SPA bucket. */
function stagedConfig(synthesized: typeof s): unknown {
  const deployments = Object.values(
    synthesized.template.findResources('Custom::CDKBucketDeployment'),
  );
  const config = deployments.find((d) => d.Properties.SourceMarkers?.length);
  const zip = config?.Properties.SourceObjectKeys[0] as string;
  const staged = join(synthesized.app.outdir, `asset.${zip.replace(/\.zip$/, '')}`, 'config.json');
  return JSON.parse(readFileSync(staged, 'utf8'));
}

describe('web deployment', () => {
  const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map(
    (d) => d.Properties,
  );

  it('uploads hashed assets as immutable and the shell as must-revalidate, never pruning', () => {
    expect(deployments).toHaveLength(3);
    expect(deployments.every((d) => d.Prune === false)).toBe(true);
    const assets = deployments.find((d) => d.Include?.includes('assets/*'));
    expect(assets?.SystemMetadata['cache-control']).toContain('immutable');
    const shell = deployments.find((d) => d.Exclude?.includes('assets/*'));
    expect(shell?.SystemMetadata['cache-control']).toContain('no-cache');
    expect(shell?.Exclude).toContain('config.json');
  });
});

describe('cdk-nag', () => {
  it('AwsSolutions has no unacknowledged finding', () => {
    expect(nagFindings(stack)).toEqual([]);
  });

  it('synth reports no errors', () => {
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });
});

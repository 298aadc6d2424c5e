import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, it } from 'vitest';
import {
  headerValues,
  inlineScriptHashes,
  isSignerPath,
  referrerPolicyFor,
  SIGNER_PATH_PATTERNS,
  securityHeaders,
} from '../../lib/security-headers.js';
import { APP_REGION, synth } from './synth.js';

/**
 * One definition of the security headers (lib/security-headers.ts): CloudFront's response
 * headers policy is exactly it, its CSP allows the built index.html's inline script by hash,
 * names the documents bucket's own host (fetched, never framed), and no source map is published.
 */
const THEME = "(() => { document.documentElement.setAttribute('data-theme', 'light'); })();";
const webDist = mkdtempSync(join(tmpdir(), 'sello-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><head><script>${THEME}</script><script type="module" src="/assets/index-abc.js"></script></head><div id="root"></div>`,
);
writeFileSync(
  join(webDist, 'assets', 'index-abc.js'),
  'console.log(1)\n//# sourceMappingURL=index-abc.js.map',
);
writeFileSync(join(webDist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
writeFileSync(join(webDist, 'robots.txt.map'), '{}');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const s = synth({ jobs: [], webDistPath: webDist });
const { stack, template } = s;
const policies = () => template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
const policyNamed = (prefix: string) => {
  const [id, resource] = Object.entries(policies()).find(([id]) =>
    id.startsWith(`Web${prefix}`),
  ) ?? [undefined, undefined];
  if (!id) throw new Error(`no policy ${prefix}`);
  return { id, config: resource.Properties.ResponseHeadersPolicyConfig };
};
const policy = () => policyNamed('SecurityHeaders').config;

describe('inlineScriptHashes', () => {
  it("hashes each inline script's exact text as CSP does, skipping external ones", () => {
    expect(
      inlineScriptHashes(
        '<script>alert(1)</script><script src="/a.js"></script><SCRIPT type="text/javascript">alert(1)</SCRIPT>',
      ),
    ).toEqual(["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
  });
});

describe("CloudFront's response headers policy", () => {
  const expected = securityHeaders({
    documentsOrigin: `https://${stack.storage.documentsDomainName}`,
    cognitoOrigin: `https://cognito-idp.${APP_REGION}.${stack.urlSuffix}`,
    scriptHashes: inlineScriptHashes(`<script>${THEME}</script>`),
  });

  it('is the shared definition, field by field', () => {
    const config = policy().SecurityHeadersConfig;
    expect(config).toEqual({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: expected.strictTransportSecurity.maxAgeSeconds,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: expected.frameOptions, Override: true },
      ReferrerPolicy: { ReferrerPolicy: expected.referrerPolicy, Override: true },
      ContentSecurityPolicy: {
        ContentSecurityPolicy: stack.resolve(expected.contentSecurityPolicy),
        Override: true,
      },
    });
    expect(policy().CustomHeadersConfig).toBeUndefined();
  });

  it("allows the built index.html's inline theme script by its hash", () => {
    const csp = JSON.stringify(policy().SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toContain(inlineScriptHashes(`<script>${THEME}</script>`)[0]);
    expect(csp).not.toContain("unsafe-inline' https://js"); // scripts: never unsafe-inline
    expect(expected.contentSecurityPolicy).toMatch(/script-src 'self' 'sha256-[^']+' https:/);
  });

  it('lets the page fetch documents (pdf.js preview) but never frame them, run eval or blob: scripts', () => {
    const directives = new Map(
      securityHeaders({ documentsOrigin: 'https://docs.example', scriptHashes: [] })
        .contentSecurityPolicy.split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
    );
    expect(directives.get('connect-src')).toContain('https://docs.example');
    expect(directives.get('frame-src')).not.toContain('https://docs.example');
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    for (const name of ['script-src', 'worker-src', 'frame-src']) {
      expect(directives.get(name)?.join(' ')).not.toMatch(/unsafe-eval|blob:|data:/);
    }
  });

  it('names the documents bucket by its own host, not a wildcard over every bucket', () => {
    const csp = JSON.stringify(stack.resolve(expected.contentSecurityPolicy));
    expect(csp).not.toMatch(/\*\.s3/);
    expect(stack.resolve(stack.storage.documentsDomainName)).toEqual({
      'Fn::Join': [
        '',
        [
          'sello-documents-',
          { Ref: 'AWS::AccountId' },
          `-${APP_REGION}.s3.${APP_REGION}.`,
          { Ref: 'AWS::URLSuffix' },
        ],
      ],
    });
    const bucket =
      template.toJSON().Resources[
        stack.getLogicalId(stack.storage.documents.node.defaultChild as never)
      ];
    expect(bucket.Properties.BucketName).toEqual({
      'Fn::Join': ['', ['sello-documents-', { Ref: 'AWS::AccountId' }, `-${APP_REGION}`]],
    });
  });

  it("is the host of the SDK's presigned POST and GET (what the browser calls)", async () => {
    const client = new S3Client({
      region: APP_REGION,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example' },
    });
    const bucket = `sello-documents-111122223333-${APP_REGION}`;
    const post = await createPresignedPost(client, { Bucket: bucket, Key: 'k', Expires: 60 });
    const get = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 'k' }));
    const host = `${bucket}.s3.${APP_REGION}.amazonaws.com`;
    expect(new URL(post.url).host).toBe(host);
    expect(new URL(get).host).toBe(host);
  });

  it('writes the same header lines the local gateway sends', () => {
    const lines = headerValues(expected);
    expect(Object.keys(lines).sort()).toEqual([
      'content-security-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(lines['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe("the signer's pages", () => {
  const distribution = () =>
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]?.Properties
      .DistributionConfig;

  it('send no Referer: their own policy, the same headers with Referrer-Policy no-referrer', () => {
    expect(Object.keys(policies())).toHaveLength(2);
    const app = policyNamed('SecurityHeaders').config.SecurityHeadersConfig;
    const signer = policyNamed('SignerSecurityHeaders').config.SecurityHeadersConfig;
    expect(signer.ReferrerPolicy).toEqual({ ReferrerPolicy: 'no-referrer', Override: true });
    expect(app.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect({ ...signer, ReferrerPolicy: undefined }).toEqual({ ...app, ReferrerPolicy: undefined });
  });

  it('are served like the rest of the SPA under that policy, on /sign, /firmar, /verificar, /descargar', () => {
    const config = distribution();
    const signerPolicy = { Ref: policyNamed('SignerSecurityHeaders').id };
    const behaviors = config.CacheBehaviors as Record<string, unknown>[];
    const signer = behaviors.filter((b) => SIGNER_PATH_PATTERNS.includes(b.PathPattern as string));
    expect(signer.map((b) => b.PathPattern).sort()).toEqual([
      '/descargar/*',
      '/firmar/*',
      '/sign/*',
      '/verificar/*',
    ]);
    const { TargetOriginId, FunctionAssociations, CachePolicyId, ViewerProtocolPolicy } =
      config.DefaultCacheBehavior;
    for (const b of signer) {
      expect(b).toMatchObject({
        ResponseHeadersPolicyId: signerPolicy,
        TargetOriginId,
        FunctionAssociations,
        CachePolicyId,
        ViewerProtocolPolicy,
      });
    }
    // Everything else (the app, the API) keeps the app's policy.
    const appPolicy = { Ref: policyNamed('SecurityHeaders').id };
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(appPolicy);
    const api = behaviors.find((b) => b.PathPattern === '/api/*');
    expect(api?.ResponseHeadersPolicyId).toEqual(appPolicy);
  });

  it('are the same paths for the local gateway', () => {
    for (const path of ['/sign/s1', '/firmar/s1', '/verificar/ABC', '/descargar/o1']) {
      expect(isSignerPath(path)).toBe(true);
      expect(referrerPolicyFor(path)).toBe('no-referrer');
    }
    for (const path of ['/', '/orders', '/signup', '/api/signing/x', '/assets/a.js']) {
      expect(referrerPolicyFor(path)).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('the SPA deployment', () => {
  it('publishes no source map', () => {
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment'));
    const staged = deployments
      .filter((d) => !d.Properties.SourceMarkers?.length)
      .flatMap((d) => d.Properties.SourceObjectKeys as string[])
      .map((zip) => join(s.app.outdir, `asset.${zip.replace(/\.zip$/, '')}`));
    expect(staged.length).toBeGreaterThan(0);
    for (const dir of staged) {
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
      expect(files).toContain(join('assets', 'index-abc.js'));
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    }
  });
});

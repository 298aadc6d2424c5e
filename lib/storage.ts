import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * Uploaded documents (`documents/`, functions/documents/stored-file.ts) are kept 30 days, then
 * S3 deletes them (spec rule).
 */
export const DOCUMENT_RETENTION_DAYS = 30;
/**
 * Evidence of signed orders (`evidence/{orderId}/…`: signature images, the sealed PDF, the
 * original under signature) is kept 10 years: a sealed document must still verify, and its
 * signatures be proven, for as long as a contract may be disputed. The stated retention Ley
 * 21.719 asks for (docs/architecture.md, "Retention").
 */
export const EVIDENCE_RETENTION_DAYS = 3650;

/**
 * Uploads land under `incoming/` (functions/documents/stored-file.ts) and /complete moves the
 * checked bytes out at once; what stays there is an upload never completed or a presigned POST
 * replayed after /complete, which nothing reads: gone after a day.
 */
export const INCOMING_RETENTION_DAYS = 1;

/**
 * The private `documents` bucket (uploads by presigned POST, downloads by presigned GET) and
 * the log bucket that receives S3 server access logs and CloudFront standard logs.
 */
export class StorageConstruct extends Construct {
  readonly documents: s3.Bucket;
  readonly logs: s3.Bucket;
  /**
   * The documents bucket's regional host (`<name>.s3.<region>.amazonaws.com`), the host of the
   * presigned URLs the SDK makes. Built from the name, not read from the bucket: the CSP names
   * it, the distribution carries the CSP, and the bucket's CORS names the distribution's URL,
   * so a reference to the bucket here would be a dependency cycle.
   */
  readonly documentsDomainName: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.logs = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes through bucket ACLs, so ACLs must stay enabled.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const stack = Stack.of(this);
    // A fixed name (stack, account, region), unique per deployment, so its host is known
    // without a reference to the bucket (see documentsDomainName).
    const documentsName = `${stack.stackName.toLowerCase()}-documents-${stack.account}-${stack.region}`;
    this.documentsDomainName = `${documentsName}.s3.${stack.region}.${stack.urlSuffix}`;
    this.documents = new s3.Bucket(this, 'Documents', {
      bucketName: documentsName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Objects are immutable uploads addressed by generated keys: versions would only keep
      // deleted personal documents around past their expiry.
      versioned: false,
      // Every key the functions write starts with incoming/, documents/ or evidence/. A
      // lifecycle rule cannot say "all but evidence/", so each prefix has its own expiry.
      lifecycleRules: [
        // The whole bucket: only parts of multipart uploads never finished.
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'expire-incoming-uploads',
          prefix: 'incoming/',
          expiration: Duration.days(INCOMING_RETENTION_DAYS),
        },
        {
          id: 'expire-documents',
          prefix: 'documents/',
          expiration: Duration.days(DOCUMENT_RETENTION_DAYS),
        },
        {
          id: 'expire-evidence',
          prefix: 'evidence/',
          expiration: Duration.days(EVIDENCE_RETENTION_DAYS),
        },
      ],
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'documents/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * Browsers upload with presigned POST straight to S3 and read with presigned GET, from the
   * app's origin only. Called by the stack once the app URL (CloudFront or custom domain) exists.
   */
  allowBrowserOrigins(origins: string[]): void {
    this.documents.addCorsRule({
      allowedOrigins: origins,
      allowedMethods: [
        s3.HttpMethods.POST,
        s3.HttpMethods.GET,
        s3.HttpMethods.PUT,
        s3.HttpMethods.HEAD,
      ],
      allowedHeaders: ['*'],
      // pdf.js (the signer's review step) reads a presigned GET in ranges when it can see
      // these; without them it still works, downloading the whole file first.
      exposedHeaders: ['ETag', 'Accept-Ranges', 'Content-Range', 'Content-Length'],
      maxAge: 3000,
    });
  }
}

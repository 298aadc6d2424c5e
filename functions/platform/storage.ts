import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { apiEs } from '../../shared/messages/api.es.js';
import { required } from './config.js';
import { awsClientConfig, boundToDeadline, S3_PROBE_TIMEOUT_MS } from './sdk-budget.js';
import { unavailableError } from './unavailable.js';

export type S3Sdk = typeof import('./s3-sdk.js');

/** `import()` once per container; a failed load is tried again on the next call. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

const loadSdk = once(() => import('./s3-sdk.js'));
const loadRequestPresigner = once(() => import('@aws-sdk/s3-request-presigner'));

/**
 * The documents bucket. One S3 client per container; the SDK reads its endpoint from
 * AWS_ENDPOINT_URL_S3, which only the local stack sets (s3rver), and s3rver only understands
 * path-style addresses, so path style is forced exactly when that variable is set. Nothing here
 * knows whether it talks to S3 or s3rver.
 *
 * s3rver checks neither signatures nor POST policies: callers must check every uploaded object
 * themselves (size with `headObject`, type with its first bytes) in every environment.
 *
 * The S3 SDK (`./s3-sdk.js`) and the two presigners are loaded on first use, not at import: with
 * the handlers bundled with code splitting (lib/app-function.ts) they sit in chunks of their own
 * that a cold start does not parse. Only `import type` of the SDK packages anywhere else, or
 * they would be bundled back into the handler's entry file.
 */
let cached: { endpoint: string | undefined; client: S3Client } | undefined;

/** The SDK's commands and this container's client (a new one if the endpoint changed). */
/** The SDK and this container's client (storage-upload.ts signs uploads with it too). */
export async function s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
  const sdk = await loadSdk();
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 || undefined;
  if (!cached || cached.endpoint !== endpoint) {
    const client = new sdk.S3Client({
      forcePathStyle: endpoint !== undefined,
      // Timeouts and retries that fit the Lambda timeout; every send stops at the deadline.
      ...awsClientConfig('s3'),
    });
    cached = { endpoint, client: boundToDeadline(client) };
  }
  return { sdk, client: cached.client };
}

export const bucketName = (): string => required('BUCKET_NAME');

/**
 * A store that is down, hung or overloaded is the storage's retryable Spanish 503 for every
 * caller (never 'Error inesperado'); any other error goes on as it is.
 */
const failure = (err: unknown): unknown => unavailableError(err, apiEs.storageUnavailable) ?? err;

/**
 * Proves the store answers before the caller hands out a link to it (a presigned URL is signed
 * locally and would be handed out even with S3 down: a link that does not load). One HeadObject
 * with a short timeout; any answer from S3 counts, a 404 or a 403 included. Throws the storage
 * 503 when S3 does not answer.
 */
export async function assertReachable(key: string): Promise<void> {
  const { sdk, client } = await s3();
  try {
    await client.send(new sdk.HeadObjectCommand({ Bucket: bucketName(), Key: key }), {
      requestTimeout: S3_PROBE_TIMEOUT_MS,
    });
  } catch (err) {
    const unavailable = unavailableError(err, apiEs.storageUnavailable);
    if (unavailable) throw unavailable;
  }
}

export interface ObjectHead {
  size: number;
  contentType: string | undefined;
  /** The object's ETag as S3 answers it (quoted): names this exact version of the bytes. */
  etag: string | undefined;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'NotFound' ||
    e?.name === 'NoSuchKey' ||
    e?.$metadata?.httpStatusCode === 404 ||
    // A Range beyond the end of an empty object.
    e?.name === 'InvalidRange'
  );
};

/** Size and type of an object, or undefined when there is none under that key. */
export async function headObject(key: string): Promise<ObjectHead | undefined> {
  const { sdk, client } = await s3();
  try {
    const res = await client.send(new sdk.HeadObjectCommand({ Bucket: bucketName(), Key: key }));
    return { size: Number(res.ContentLength ?? 0), contentType: res.ContentType, etag: res.ETag };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw failure(err);
  }
}

/**
 * The object's bytes, or only `[0, length)` of them when `length` is given (a Range read, so
 * checking a file's magic number does not download 10 MB). Undefined when there is no object.
 * With `ifMatch` (an ETag from `headObject`) S3 answers only that very version of the object,
 * so what was measured is what is read (s3rver ignores the condition).
 */
export async function readObject(
  key: string,
  length?: number,
  ifMatch?: string,
): Promise<Buffer | undefined> {
  const { sdk, client } = await s3();
  try {
    const res = await client.send(
      new sdk.GetObjectCommand({
        Bucket: bucketName(),
        Key: key,
        ...(length !== undefined ? { Range: `bytes=0-${Math.max(0, length - 1)}` } : {}),
        ...(ifMatch ? { IfMatch: ifMatch } : {}),
      }),
    );
    if (!res.Body) return Buffer.alloc(0);
    const bytes = Buffer.from(await res.Body.transformToByteArray());
    // Not every S3 implementation honours Range: never hand back more than asked for.
    return length !== undefined && bytes.length > length ? bytes.subarray(0, length) : bytes;
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw failure(err);
  }
}

/**
 * The whole object with the ETag S3 answered for it, or undefined when there is none. For an
 * object uploaded in one part without KMS (our uploads), the ETag is the MD5 of its bytes:
 * `intact` says the bytes are exactly the object that ETag names, not a read torn by a
 * concurrent upload (S3 never tears one; s3rver writes files in place and can).
 */
export async function readWholeObject(
  key: string,
): Promise<{ bytes: Buffer; etag: string | undefined; intact: boolean } | undefined> {
  const { sdk, client } = await s3();
  try {
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucketName(), Key: key }));
    const bytes = res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    const etag = res.ETag?.replace(/"/g, '');
    const md5 = createHash('md5').update(bytes).digest('hex');
    // A multipart ETag ("<md5>-<parts>") cannot be checked this way; none of ours is one.
    const intact = etag === undefined || !/^[0-9a-f]{32}$/.test(etag) || etag === md5;
    return { bytes, etag: res.ETag, intact };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw failure(err);
  }
}

export interface PutResult {
  etag: string | undefined;
  /** Only in a versioned bucket (the documents bucket is not): undefined otherwise. */
  versionId: string | undefined;
}

/**
 * Writes `bytes` under `key`, server-side only (no presigned request names such a key). S3
 * checks the bytes it stored against `sha256` (base64 of the digest) and refuses the write on a
 * mismatch, so the recorded hash is the stored object's.
 */
export async function putObject(opts: {
  key: string;
  bytes: Uint8Array;
  contentType: string;
  sha256Base64: string;
}): Promise<PutResult> {
  const { sdk, client } = await s3();
  const res = await client
    .send(
      new sdk.PutObjectCommand({
        Bucket: bucketName(),
        Key: opts.key,
        Body: opts.bytes,
        ContentType: opts.contentType,
        ContentLength: opts.bytes.length,
        ChecksumSHA256: opts.sha256Base64,
      }),
    )
    .catch((err: unknown) => {
      throw failure(err);
    });
  return { etag: res.ETag, versionId: res.VersionId };
}

/** Deletes an object; deleting a missing one is not an error (S3 answers 204 either way). */
/** The keys under a prefix (at most 1,000: enough for one order's evidence). */
export async function listKeys(prefix: string): Promise<string[]> {
  const { sdk, client } = await s3();
  const res = await client
    .send(new sdk.ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix, MaxKeys: 1000 }))
    .catch((err: unknown) => {
      throw failure(err);
    });
  return (res.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
}

export async function deleteObject(key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client
    .send(new sdk.DeleteObjectCommand({ Bucket: bucketName(), Key: key }))
    .catch((err: unknown) => {
      throw failure(err);
    });
}

/**
 * A presigned GET valid `expiresInSeconds`, with the Content-Type and Content-Disposition S3
 * must answer (inline to show a PDF in the page, attachment to download a Word file).
 */
export async function presignedDownload(opts: {
  key: string;
  contentType: string;
  disposition: string;
  expiresInSeconds: number;
}): Promise<string> {
  const [{ sdk, client }, { getSignedUrl }] = await Promise.all([s3(), loadRequestPresigner()]);
  return getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: bucketName(),
      Key: opts.key,
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.disposition,
    }),
    { expiresIn: opts.expiresInSeconds },
  );
}

import { bucketName, once, s3 } from './storage.js';

/**
 * Presigned uploads, apart from storage.ts: only the function that starts an upload carries the
 * presigned-POST library (71 KB), not every function that reads or writes objects.
 */
const loadPresignedPost = once(() => import('@aws-sdk/s3-presigned-post'));

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/**
 * A presigned POST for exactly one object: this key, this Content-Type, a size in
 * [1, maxBytes]. The browser posts the fields then the file as multipart form data.
 */
export async function presignedUpload(opts: {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
}): Promise<PresignedUpload> {
  const [{ client }, { createPresignedPost }] = await Promise.all([s3(), loadPresignedPost()]);
  const { url, fields } = await createPresignedPost(client, {
    Bucket: bucketName(),
    Key: opts.key,
    // Fields are also signed as exact-match conditions by the SDK; the explicit ones say so.
    Fields: { 'Content-Type': opts.contentType },
    Conditions: [
      ['content-length-range', 1, opts.maxBytes],
      ['eq', '$Content-Type', opts.contentType],
      ['eq', '$key', opts.key],
    ],
    Expires: opts.expiresInSeconds,
  });
  return { url, fields };
}

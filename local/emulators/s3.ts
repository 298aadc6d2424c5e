import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import type { Managed } from './process.js';

export interface S3Handle extends Managed {
  endpoint: string;
}

/** CORS for presigned POST uploads and GET previews from the SPA's origin. */
const corsXml = (origins: string[]) => `<CORSConfiguration>
  <CORSRule>
${origins.map((o) => `    <AllowedOrigin>${o}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver in this process. It checks no signatures, POST policies or lifecycle rules, so the
 * API re-checks every upload itself (size and file bytes) in every environment.
 */
export async function startS3(opts: {
  port: number;
  dataDir: string;
  bucket: string;
  origins: string[];
}): Promise<S3Handle> {
  mkdirSync(opts.dataDir, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.dataDir,
    silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.origins)] }],
  });
  await server.run();
  return {
    name: 's3',
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () => server.close(),
  };
}

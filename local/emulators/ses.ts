import type { Server } from 'node:http';
import sesModule from 'aws-ses-v2-local';
import type { Managed } from './process.js';

export interface SesHandle extends Managed {
  endpoint: string;
}

/** aws-ses-v2-local in this process: its page at `/` shows every mail, `GET /store` as JSON. */
export async function startSes(opts: { port: number }): Promise<SesHandle> {
  // A CommonJS module with `exports.default`: reached through the ESM default import.
  const server = (await sesModule.default({
    port: opts.port,
    host: '127.0.0.1',
  })) as unknown as Server;
  return {
    name: 'ses',
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

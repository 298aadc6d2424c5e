import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the local providers' HTTP servers (local/fea, local/biometric) share: a request body
 * read up to a cap (undefined past it: the server answers 413, as a provider's gateway would),
 * and a JSON answer that no cache keeps.
 */
export async function readCappedBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

export const sendJson = (res: ServerResponse, status: number, value: unknown): void =>
  send(res, status, JSON.stringify(value), 'application/json; charset=utf-8');

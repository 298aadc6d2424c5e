import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CognitoSessions } from '../gateway/cognito-sessions.js';
import type { Managed } from './process.js';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface CognitoAdminHandle extends Managed {
  endpoint: string;
}

/**
 * The handlers' Cognito endpoint on the local stack (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER):
 * cognito-local with the one admin operation it lacks, AdminUserGlobalSignOut, which records the
 * account's sign-out mark for the /cognito door (../gateway/cognito-sessions.ts). Every other
 * request passes through unchanged. It listens on 127.0.0.1 only, like cognito-local itself:
 * the browser's door is /cognito on the gateway, which refuses Admin* operations.
 */
export async function startCognitoAdmin(opts: {
  cognitoEndpoint: string;
  sessions: CognitoSessions;
}): Promise<CognitoAdminHandle> {
  const forward = (target: string, contentType: string, body: Buffer) =>
    fetch(opts.cognitoEndpoint, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-amz-target': target },
      body,
    });

  const server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        const target = String(req.headers['x-amz-target'] ?? '');
        const contentType = String(req.headers['content-type'] ?? 'application/x-amz-json-1.1');
        if (target === `${TARGET_PREFIX}AdminUserGlobalSignOut`) {
          const { UserPoolId, Username } = JSON.parse(body.toString('utf8') || '{}') as {
            UserPoolId?: string;
            Username?: string;
          };
          // The same look-up Cognito does: an unknown user is UserNotFoundException.
          const found = await forward(
            `${TARGET_PREFIX}AdminGetUser`,
            contentType,
            Buffer.from(JSON.stringify({ UserPoolId, Username })),
          );
          const text = await found.text();
          if (found.ok) {
            const user = JSON.parse(text) as {
              Username?: string;
              UserAttributes?: { Name: string; Value: string }[];
            };
            const sub =
              user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username ?? '';
            opts.sessions.signOutEverywhere(sub);
          }
          res.writeHead(found.status, { 'content-type': 'application/x-amz-json-1.1' });
          res.end(found.ok ? '{}' : text);
          return;
        }
        const upstream = await forward(target, contentType, body);
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
        });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      })
      .catch((err: unknown) => {
        console.error('[cognito-admin]', err);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    name: 'cognito-admin',
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

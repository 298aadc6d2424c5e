import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VIEWER_ADDRESS_HEADER } from '../../functions/platform/client-address.js';
import { referrerPolicyFor } from '../../lib/security-headers.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/contract/origin.js';
import { routeList } from '../../shared/contract/routes.js';
import type { FunctionLoader } from '../handlers.js';
import { handleJobDoor } from '../jobs.js';
import { proxyStripe, STRIPE_LOCAL_PREFIX } from '../stripe/gateway-door.js';
import { type CognitoDoor, proxyCognito } from './cognito-proxy.js';
import { claimsAsApiGateway } from './jwt.js';
import {
  FUNCTION_FAILED,
  invoke,
  type LambdaHandler,
  ROUTE_TIMEOUT_MS,
  TIMED_OUT,
  toApiGatewayEvent,
  writeLambdaResult,
} from './lambda-adapter.js';
import { compileRoutes, matchRoute } from './route-match.js';
import { localSecurityHeaders } from './security-headers.js';
import { serveStatic } from './static-files.js';

/** API Gateway's own payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Built SPA folder; undefined when Vite serves the SPA (npm run dev). */
  webRoot?: string;
  /** cognito-local behind the SPA's /cognito door (what it forwards and refuses). */
  cognitoDoor: CognitoDoor;
  /** The Stripe emulator, reached by the browser at /stripe-local (see local/stripe). */
  stripeEndpoint?: string;
  /** The fault proxies' control server (local/faults), reached through /_local/faults. */
  faultControl?: string;
  verifyAccessToken: (token: string) => Promise<Record<string, unknown> | undefined>;
  /** Where route and job handlers come from: their sources or their deployed bundles. */
  loadFunction: FunctionLoader;
  /**
   * The documents store as the browser reaches it (s3rver's origin): named by the CSP, as the
   * bucket's own host is in AWS.
   */
  documentsOrigin: string;
  /** Served as /config.json for the SPA. */
  runtimeConfig: unknown;
  /** Sent in ORIGIN_VERIFY_HEADER on every /api request, as CloudFront sends it. */
  originSecret?: string;
  /** Stands in for CloudFront's CloudFront-Viewer-Country header (empty: unknown). */
  viewerCountry: string;
  /**
   * Test stacks only: take the client address from X-Forwarded-For, as API Gateway does behind
   * CloudFront, so each test can be its own client for the per-IP rate limits.
   */
  trustForwardedFor?: boolean;
}

export interface Gateway {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

class TooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new TooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * One HTTP server that plays CloudFront + API Gateway + Lambda for the local stack: `/api/*` is
 * matched against the shared route table, protected routes need a valid access token (401
 * {"message":"Unauthorized"} otherwise, as the JWT authorizer answers), and the handler file of
 * the route runs with a payload 2.0 event. `/cognito` is the SPA's door to cognito-local,
 * `/stripe-local` its door to the Stripe emulator (a card payment's confirm).
 */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const compiled = compileRoutes(routeList);
  const securityHeaders = localSecurityHeaders(opts);

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = matchRoute(compiled, req.method ?? 'GET', url.pathname);
    if (match.kind === 'not-found') return sendJson(res, 404, { message: 'Not Found' });
    const { route, params } = match;
    let claims: Record<string, string> | undefined;
    if (route.auth !== 'public') {
      const header = String(req.headers.authorization ?? '');
      const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
      const verified = token ? await opts.verifyAccessToken(token) : undefined;
      if (!verified) return sendJson(res, 401, { message: 'Unauthorized' });
      claims = claimsAsApiGateway(verified);
    }
    const body = await readBody(req);
    const extraHeaders: Record<string, string> = {};
    // CloudFront sets this header itself; whatever the client sent is replaced.
    delete req.headers['cloudfront-viewer-country'];
    if (opts.viewerCountry) extraHeaders['cloudfront-viewer-country'] = opts.viewerCountry;
    // Like CloudFront's origin custom header: any client value is replaced by the secret.
    delete req.headers[ORIGIN_VERIFY_HEADER];
    if (opts.originSecret) extraHeaders[ORIGIN_VERIFY_HEADER] = opts.originSecret;
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')[0]
      ?.trim();
    // Like CloudFront: the viewer's address and port in CloudFront-Viewer-Address, whatever
    // the client sent under that name (the tests' x-forwarded-for stands for the viewer).
    delete req.headers[VIEWER_ADDRESS_HEADER];
    const viewer =
      opts.trustForwardedFor && forwarded
        ? forwarded
        : (req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1');
    extraHeaders[VIEWER_ADDRESS_HEADER] = `${viewer}:${req.socket.remotePort ?? 0}`;
    const event = toApiGatewayEvent({ req, url, body, route, params, claims, extraHeaders });
    if (opts.trustForwardedFor && forwarded) event.requestContext.http.sourceIp = forwarded;
    const handler = await opts.loadFunction<LambdaHandler>(route.handler);
    const result = await invoke(handler, event, route.id);
    if (result === TIMED_OUT) {
      console.error(`[gateway] ${route.id} timed out after ${ROUTE_TIMEOUT_MS} ms`);
      return sendJson(res, FUNCTION_FAILED.status, FUNCTION_FAILED.body);
    }
    writeLambdaResult(res, result);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // CloudFront's response headers policy covers every behaviour (SPA, config.json, /api/*).
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    // …and, like its signer behaviours, no Referer from the signer's pages.
    res.setHeader('referrer-policy', referrerPolicyFor(url.pathname));
    const work = async () => {
      if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
        return handleApi(req, res, url);
      }
      const jobDoor = /^\/_local\/jobs\/([a-z0-9-]+)$/.exec(url.pathname);
      if (jobDoor && req.method === 'POST') {
        return handleJobDoor(res, jobDoor[1] as string, await readBody(req), opts.loadFunction);
      }
      const faultDoor = /^\/_local\/faults(\/[a-z0-9-]+)?$/.exec(url.pathname);
      if (faultDoor && opts.faultControl && (req.method === 'GET' || req.method === 'POST')) {
        const body = req.method === 'POST' ? await readBody(req) : undefined;
        const answer = await fetch(`${opts.faultControl}/faults${faultDoor[1] ?? ''}`, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          ...(body ? { body } : {}),
        });
        return sendJson(res, answer.status, await answer.json());
      }
      if (url.pathname === '/cognito' && req.method === 'POST') {
        return proxyCognito(req, res, await readBody(req), opts.cognitoDoor);
      }
      if (opts.stripeEndpoint && url.pathname.startsWith(`${STRIPE_LOCAL_PREFIX}/`)) {
        return proxyStripe(req, res, url, await readBody(req), opts.stripeEndpoint);
      }
      if (url.pathname === '/config.json') return sendJson(res, 200, opts.runtimeConfig);
      if (opts.webRoot && (req.method === 'GET' || req.method === 'HEAD')) {
        return serveStatic(opts.webRoot, url.pathname, req, res);
      }
      return sendJson(res, 404, { message: 'Not Found' });
    };
    work().catch((err: unknown) => {
      if (err instanceof TooLarge)
        return sendJson(res, 413, { message: 'Request Entity Too Large' });
      // What API Gateway answers when the integration fails; details stay in this terminal.
      console.error('[gateway]', err);
      if (!res.headersSent) sendJson(res, FUNCTION_FAILED.status, FUNCTION_FAILED.body);
      else res.end();
    });
  });
  // An idle connection stays open a minute (CloudFront keeps a viewer's for 60 s), longer than
  // a client's own idle limit (undici: the server's hint minus 1 s), so the client always closes
  // first. At 5 s a client whose event loop was busy past it (a test running a CLI with
  // spawnSync) reused a socket the gateway had just closed: "other side closed".
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { readCappedBody, send, sendJson } from '../emulators/http-body.js';
import type { Managed } from '../emulators/process.js';
import { toPem } from '../pki/certs.js';
import { type ApiContext, api } from './api.js';
import { ticketPage } from './page-routes.js';
import { smsPage } from './pages.js';
import { FeaStore } from './store.js';

export interface FeaEmulatorOptions {
  port: number;
  /** The integration key the API expects in `x-api-key`. */
  apiKey: string;
  /** Where state is kept between starts (the dev stack); in memory when absent. */
  dataDir?: string;
  /** The origin browsers reach the pages at; default http://localhost:{port}. */
  publicUrl?: string;
  tsaUrl?: string;
  /** How long the slow calls take (a real provider: 15–30 s and 10–20 s). */
  delays?: Partial<ApiContext['delays']>;
  now?: () => number;
}

export interface FeaEmulator extends Managed {
  /** The REST API's base URL (what FEA_API_URL is set to). */
  apiUrl: string;
  /** The pages' origin, and the SMS outbox page at `${publicUrl}/sms`. */
  publicUrl: string;
  endpoint: string;
  store: FeaStore;
}

const MAX_BODY = 16 * 1024 * 1024;

const readBody = async (req: IncomingMessage) =>
  (await readCappedBody(req, MAX_BODY))?.toString('utf8');
const json = sendJson;

/**
 * A local stand-in for an accredited FEA provider (issue 23; port and adapter in
 * functions/signing/types/advanced/): its REST API under `/api/{operation}` (fea-http.ts
 * speaks it), its enrolment, unlock and recovery pages, and an SMS outbox page next to the mail
 * viewer. Test-only doors, never a provider's:
 *   GET  /sms                       the SMS sent (HTML)
 *   GET  /_emulator/sms             the same as JSON; /_emulator/mail: recovery mails
 *   GET  /_emulator/accounts/{rut}  a signer's state (blocked key or second factor, tries)
 *   POST /_emulator/delays          { secondFactorMs, signMs }
 *   POST /_emulator/accounts        { rut, name, email, serial, phone, password }: an enrolled
 *                                   signer at once (tests that must not share a test identity)
 *   GET  /_emulator/ca.pem          the emulated provider's CA (what pdfsig is told to trust)
 */
export async function startFeaEmulator(opts: FeaEmulatorOptions): Promise<FeaEmulator> {
  const store = await FeaStore.open(opts.dataDir ? join(opts.dataDir, 'fea.json') : undefined);
  const publicUrl = (opts.publicUrl ?? `http://localhost:${opts.port}`).replace(/\/+$/, '');
  const ctx: ApiContext = {
    store,
    publicUrl,
    tsaUrl: opts.tsaUrl,
    delays: { secondFactorMs: 0, signMs: 0, ...opts.delays },
    now: opts.now ?? Date.now,
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean);

    if (parts[0] === 'api' && parts.length === 2 && method === 'POST') {
      const op = api[parts[1] ?? ''];
      if (!op || !Object.hasOwn(api, parts[1] ?? '')) {
        return json(res, 404, { estado: 'FAIL', errorCode: 101, mensaje: 'Operación desconocida' });
      }
      if (req.headers['x-api-key'] !== opts.apiKey) {
        return json(res, 401, { estado: 'FAIL', errorCode: 110, mensaje: 'API key inválida' });
      }
      const text = await readBody(req);
      let body: unknown;
      try {
        body = JSON.parse(text ?? '');
      } catch {
        return json(res, 400, { estado: 'FAIL', errorCode: 101, mensaje: 'JSON inválido' });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return json(res, 400, { estado: 'FAIL', errorCode: 101, mensaje: 'JSON inválido' });
      }
      const reply = await op(ctx, body as Record<string, unknown>);
      return json(res, reply.status, reply.json);
    }

    if (
      parts.length === 2 &&
      ['enrolamiento', 'desbloqueo', 'recuperacion'].includes(parts[0] ?? '') &&
      (method === 'GET' || method === 'POST')
    ) {
      const values =
        method === 'POST'
          ? Object.fromEntries(new URLSearchParams((await readBody(req)) ?? ''))
          : {};
      const reply = await ticketPage(store, parts[1] ?? '', method, values, ctx.now());
      if ('location' in reply) {
        res.writeHead(303, { location: reply.location, 'cache-control': 'no-store' });
        res.end();
        return;
      }
      return send(res, reply.status, reply.html, 'text/html; charset=utf-8');
    }

    if (url.pathname === '/sms' && method === 'GET') {
      return send(res, 200, smsPage(store.sms), 'text/html; charset=utf-8');
    }
    if (url.pathname === '/_emulator/sms') return json(res, 200, store.sms);
    if (url.pathname === '/_emulator/mail') return json(res, 200, store.mail);
    if (url.pathname === '/_emulator/ca.pem') {
      return send(res, 200, toPem(store.ca.certDer, 'CERTIFICATE'), 'application/x-pem-file');
    }
    if (parts[0] === '_emulator' && parts[1] === 'accounts' && parts[2]) {
      const a = store.accounts.get(decodeURIComponent(parts[2]));
      if (!a) return json(res, 404, {});
      const { passwordHash: _p, code: _c, certificate, ...state } = a;
      return json(res, 200, { ...state, certificateSerial: certificate.serialHex });
    }
    if (url.pathname === '/_emulator/accounts' && method === 'POST') {
      const b = JSON.parse((await readBody(req)) || '{}') as Record<string, string>;
      const a = await store.enrol({
        rut: String(b.rut),
        name: String(b.name ?? b.rut),
        email: String(b.email ?? ''),
        serial: String(b.serial ?? '123456789'),
        phone: String(b.phone ?? '+56 9 5555 5555'),
        password: String(b.password ?? 'Clave1234'),
      });
      return json(res, 200, { rut: a.rut, certificateSerial: a.certificate.serialHex });
    }
    if (url.pathname === '/_emulator/delays' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as Partial<ApiContext['delays']>;
      for (const key of ['secondFactorMs', 'signMs'] as const) {
        const v = body[key];
        if (typeof v === 'number' && v >= 0 && v <= 60_000) ctx.delays[key] = v;
      }
      return json(res, 200, ctx.delays);
    }
    return json(res, 404, { estado: 'FAIL', errorCode: 101, mensaje: 'No encontrado' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        json(res, 500, {
          estado: 'FAIL',
          errorCode: 150,
          mensaje: String((err as Error)?.message),
        });
      } else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  return {
    name: 'fea emulator',
    apiUrl: `${endpoint}/api`,
    publicUrl,
    endpoint,
    store,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

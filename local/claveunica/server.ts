import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import type { Managed } from '../emulators/process.js';
import { esc, formPage } from '../fea/pages.js';
import {
  CLAVEUNICA_TEST_IDENTITIES,
  CLAVEUNICA_TEST_PASSWORD,
  identityOfRun,
} from './identities.js';

export interface ClaveUnicaClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface ClaveUnicaEmulator extends Managed {
  /** The OpenID issuer (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  endpoint: string;
}

/**
 * A local ClaveÚnica (issue 23; ../shared/notes/claveunica-and-identity.md) on a maintained
 * OpenID provider (panva's oidc-provider), shaped like the real one: issuer `/openid`,
 * `/openid/authorize/`, `/openid/token/`, `/openid/userinfo/` (GET and POST), `/openid/jwks`;
 * scopes `openid run name`; claims `RolUnico {numero, DV, tipo}` and `name {nombres,
 * apellidos}` in userinfo; client_secret_post; codes live 5 minutes. Its login page accepts
 * only the four sandbox RUNs with the password `testing`, and issues a `sub` that is not the
 * RUN, as the real one does.
 */
export async function startClaveUnica(opts: {
  port: number;
  clients: ClaveUnicaClient[];
  /** The origin browsers reach it at; default http://localhost:{port}. */
  publicUrl?: string;
}): Promise<ClaveUnicaEmulator> {
  const origin = (opts.publicUrl ?? `http://localhost:${opts.port}`).replace(/\/+$/, '');
  const issuer = `${origin}/openid`;
  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    scopes: ['openid', 'run', 'name'],
    claims: { openid: ['sub'], run: ['RolUnico'], name: ['name'] },
    routes: {
      authorization: '/authorize/',
      token: '/token/',
      userinfo: '/userinfo/',
      jwks: '/jwks',
    },
    ttl: {
      AuthorizationCode: 300,
      AccessToken: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 60,
      Grant: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const who = CLAVEUNICA_TEST_IDENTITIES.find((i) => i.sub === sub);
      if (!who) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            RolUnico: { numero: who.numero, DV: who.dv, tipo: 'RUN' },
            name: { nombres: who.nombres, apellidos: who.apellidos },
          };
        },
      };
    },
    cookies: { keys: ['claveunica-local-emulator-cookie-key'] },
  };
  const provider = new Provider(issuer, configuration);
  // Plain HTTP on localhost: the provider must not insist on secure cookies.
  provider.proxy = true;
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const fields = [
      { name: 'run', label: 'RUN', value: '' },
      { name: 'password', label: 'Clave Única', type: 'password' as const },
    ];
    if (req.method !== 'POST') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        formPage('ClaveÚnica (local)', 'Ingresa tu RUN y tu ClaveÚnica.', fields, 'Autenticar'),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const who = identityOfRun(form.run ?? '');
    if (!who || form.password !== CLAVEUNICA_TEST_PASSWORD) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        formPage(
          'ClaveÚnica (local)',
          'Ingresa tu RUN y tu ClaveÚnica.',
          fields,
          'Autenticar',
          'RUN o ClaveÚnica incorrectos.',
        ),
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: who.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope('openid run name');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: who.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const m = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    const done = (err: unknown) => {
      if (res.headersSent) return void res.end();
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(esc(String((err as Error)?.message ?? err)));
    };
    if (m?.[1]) return void interaction(req, res, m[1]).catch(done);
    if (url.pathname.startsWith('/openid')) {
      // Mounted under /openid as express would: the provider reads its mount point from
      // originalUrl and routes the rest.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = url.pathname.slice('/openid'.length) + url.search || '/';
      return void Promise.resolve(callback(req, res)).catch(done);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    name: 'claveunica emulator',
    issuer,
    endpoint: `http://127.0.0.1:${opts.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClaveUnicaEmulator, startClaveUnica } from '../../local/claveunica/server.js';
import { freePort } from '../../local/ports.js';

/**
 * The local ClaveÚnica (local/claveunica) through a standard OpenID client (openid-client):
 * discovery, the authorization code with PKCE, state and nonce, the login page of the four
 * sandbox RUNs, the token and the userinfo with ClaveÚnica's claim shapes.
 */
const REDIRECT = 'http://localhost:9/fea/claveunica-return';
let emulator: ClaveUnicaEmulator;
let config: client.Configuration;

beforeAll(async () => {
  const port = await freePort();
  emulator = await startClaveUnica({
    port,
    clients: [{ client_id: 'sello', client_secret: 'secreto-local', redirect_uris: [REDIRECT] }],
  });
  config = await client.discovery(
    new URL(emulator.issuer),
    'sello',
    undefined,
    client.ClientSecretPost('secreto-local'),
    { execute: [client.allowInsecureRequests] },
  );
}, 60_000);

afterAll(async () => {
  await emulator?.stop();
});

/** A browser's way through the provider: follows redirects, keeps cookies, submits the login. */
async function signIn(authorize: URL, run: string, password: string): Promise<URL | Response> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) jar.set(k.trim(), v.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorize;
  let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
  keep(res);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      if (url.href.startsWith(REDIRECT)) return url;
      res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
      keep(res);
      continue;
    }
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ run, password }).toString(),
      });
      keep(res);
      if (res.status === 400) return res;
      continue;
    }
    throw new Error(`unexpected ${res.status} at ${url}`);
  }
  throw new Error('too many redirects');
}

describe('the local ClaveÚnica', () => {
  it('signs in a sandbox RUN: code with PKCE, state and nonce; userinfo with RolUnico and name', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid run name',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(authorize.pathname).toBe('/openid/authorize/');
    const back = await signIn(authorize, '44.444.444-4', 'testing');
    if (!(back instanceof URL)) throw new Error(`login refused: ${back.status}`);
    const tokens = await client.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const sub = tokens.claims()?.sub ?? '';
    // The provider's subject is not the RUN.
    expect(sub).toBe('2594');
    const info = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(info.RolUnico).toEqual({ numero: 44444444, DV: '4', tipo: 'RUN' });
    expect(info.name).toEqual({
      nombres: ['María', 'Carmen'],
      apellidos: ['De los Ángeles', 'González'],
    });
  });

  it('refuses a RUN outside the sandbox and a wrong password on its login page', async () => {
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid run name',
      state: client.randomState(),
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    for (const [run, password] of [
      ['12.345.678-5', 'testing'],
      ['44.444.444-4', 'otra'],
    ] as const) {
      const refused = await signIn(authorize, run, password);
      expect(refused).toBeInstanceOf(Response);
      expect(await (refused as Response).text()).toContain('RUN o ClaveÚnica incorrectos.');
    }
  });
});

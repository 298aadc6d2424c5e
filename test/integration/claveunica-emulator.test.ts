import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OidcIdentityProvider } from '../../functions/signing/types/clave-unica/oidc-identity.js';
import { type ClaveUnicaEmulator, startClaveUnica } from '../../local/claveunica/server.js';
import { freePort } from '../../local/ports.js';
import { signIn } from '../support/claveunica.js';

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
    const back = await signIn(authorize, REDIRECT, '44.444.444-4', 'testing');
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
      const refused = await signIn(authorize, REDIRECT, run, password);
      expect(refused).toBeInstanceOf(Response);
      expect(await (refused as Response).text()).toContain('RUN o ClaveÚnica incorrectos.');
    }
  });

  it("through Sello's identity port: the verified RUN, the provider's subject and issuer", async () => {
    const idp = new OidcIdentityProvider({
      issuer: emulator.issuer,
      clientId: 'sello',
      clientSecret: 'secreto-local',
      insecure: true,
    });
    const { url, checks } = await idp.start(REDIRECT);
    const back = await signIn(new URL(url), REDIRECT, '88888888-8', 'testing');
    if (!(back instanceof URL)) throw new Error('login refused');
    expect(await idp.finish(back, checks)).toEqual({
      run: '88888888-8',
      name: 'Ana Rojas Muñoz',
      subject: '2598',
      issuer: emulator.issuer,
    });
    // A return replayed, or with another login's checks, is refused.
    await expect(idp.finish(back, checks)).rejects.toThrow();
    const other = await idp.start(REDIRECT);
    const again = await signIn(new URL(other.url), REDIRECT, '99999999-9', 'testing');
    if (!(again instanceof URL)) throw new Error('login refused');
    await expect(idp.finish(again, checks)).rejects.toThrow();
  });
});

import type * as OpenId from 'openid-client';
import { runFromClaims } from './run-claims.js';

/**
 * FES + Clave Única's identity port (issue 23): an OpenID provider that returns a verified RUN —
 * ClaveÚnica itself, or an accredited intermediary standing in for it (a private company needs
 * a legal basis and a supervising body to use ClaveÚnica: the README's deploy section). One
 * adapter over openid-client: the authorization code with PKCE, state and nonce, then the
 * userinfo's RUN (run-claims.ts). The local stack points it at local/claveunica.
 */
export interface LoginChecks {
  state: string;
  nonce: string;
  verifier: string;
}

export interface VerifiedIdentity {
  run: string;
  name: string;
  /** The provider's subject and issuer: recorded on the trail beside the RUN. */
  subject: string;
  issuer: string;
}

export interface IdentityProvider {
  /**
   * Where the signer's browser goes, and the checks to keep until it comes back. `statePrefix`
   * (the signer's id, not a secret) lets the return page find its signing page: ClaveÚnica
   * accepts only registered redirect URIs without a query of ours.
   */
  start(redirectUri: string, statePrefix?: string): Promise<{ url: string; checks: LoginChecks }>;
  /** The identity of a return (the URL the provider sent the browser to). */
  finish(callbackUrl: URL, checks: LoginChecks): Promise<VerifiedIdentity>;
}

export class IdentityRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityRefused';
  }
}

export class OidcIdentityProvider implements IdentityProvider {
  private config?: Promise<OpenId.Configuration>;

  constructor(
    private readonly p: {
      issuer: string;
      clientId: string;
      clientSecret: string;
      /** Plain HTTP (the local emulator only). */
      insecure?: boolean;
    },
  ) {}

  private client() {
    return import('openid-client');
  }

  private configuration(): Promise<OpenId.Configuration> {
    this.config ??= this.client().then((c) =>
      c.discovery(
        new URL(this.p.issuer),
        this.p.clientId,
        undefined,
        c.ClientSecretPost(this.p.clientSecret),
        this.p.insecure ? { execute: [c.allowInsecureRequests] } : undefined,
      ),
    );
    this.config.catch(() => {
      this.config = undefined;
    });
    return this.config;
  }

  async start(redirectUri: string, statePrefix?: string) {
    const c = await this.client();
    const config = await this.configuration();
    const checks = {
      state: statePrefix ? `${statePrefix}.${c.randomState()}` : c.randomState(),
      nonce: c.randomNonce(),
      verifier: c.randomPKCECodeVerifier(),
    };
    const url = c.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid run name',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await c.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
      // Every signature proves the person afresh: a provider's single sign-on (ClaveÚnica keeps
      // one for 60 s) must not sign in the previous person again. Whether ClaveÚnica honours
      // prompt=login is unconfirmed (the notes): its logout redirect is the other way.
      prompt: 'login',
    });
    return { url: url.href, checks };
  }

  async finish(callbackUrl: URL, checks: LoginChecks): Promise<VerifiedIdentity> {
    const c = await this.client();
    const config = await this.configuration();
    const tokens = await c.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
    });
    const subject = tokens.claims()?.sub;
    if (!subject) throw new IdentityRefused('no subject in the ID token');
    const info = await c.fetchUserInfo(config, tokens.access_token, subject);
    const verified = runFromClaims(info as Record<string, unknown>);
    if (!verified) throw new IdentityRefused('the provider returned no valid RUN');
    return { ...verified, subject, issuer: config.serverMetadata().issuer };
  }
}

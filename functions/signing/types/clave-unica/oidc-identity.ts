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

/** The provider did not answer (network, timeout, 5xx): the signer is told to try again. */
export class ProviderUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnreachable';
  }
}

/** openid-client wraps what its fetch throws (ClientError, cause): the unreachable one out. */
function unwrapUnreachable(err: unknown): never {
  for (let e = err; e instanceof Error; e = e.cause) {
    if (e instanceof ProviderUnreachable) throw e;
  }
  throw err;
}

/**
 * Each call to the provider (discovery, token, userinfo) within this budget: the signing route
 * answers inside API Gateway's 29 s, and `finish` makes two calls.
 */
export const CALL_TIMEOUT_SECONDS = 8;

export class OidcIdentityProvider implements IdentityProvider {
  private config?: Promise<OpenId.Configuration>;

  constructor(
    private readonly p: {
      issuer: string;
      clientId: string;
      clientSecret: string;
      /** Plain HTTP (the local emulator only). */
      insecure?: boolean;
      /**
       * Where the server's own calls go when not to the issuer's address (unset in AWS). The
       * browser and the ID token name the issuer; locally the handlers reach the emulator
       * through its fault proxy, so tests can stop or pause it.
       */
      backchannel?: string;
    },
  ) {}

  private client() {
    return import('openid-client');
  }

  /**
   * fetch for every provider call: to the back channel when one is set, and any failure to get
   * an answer (refused, reset, timed out, 5xx) as ProviderUnreachable, told apart from a
   * refusal of the login itself.
   */
  private readonly fetch: OpenId.CustomFetch = async (url, options) => {
    const issuer = new URL(this.p.issuer);
    const target = new URL(url);
    if (this.p.backchannel && target.origin === issuer.origin) {
      const via = new URL(this.p.backchannel);
      target.protocol = via.protocol;
      target.host = via.host;
    }
    let res: Response;
    try {
      res = await fetch(target.href, options as RequestInit);
    } catch (err) {
      throw new ProviderUnreachable(`${target.pathname}: ${(err as Error)?.name}`);
    }
    if (res.status >= 500) throw new ProviderUnreachable(`${target.pathname}: ${res.status}`);
    return res;
  };

  private configuration(): Promise<OpenId.Configuration> {
    this.config ??= this.client().then((c) =>
      c.discovery(
        new URL(this.p.issuer),
        this.p.clientId,
        undefined,
        c.ClientSecretPost(this.p.clientSecret),
        {
          [c.customFetch]: this.fetch,
          timeout: CALL_TIMEOUT_SECONDS,
          ...(this.p.insecure ? { execute: [c.allowInsecureRequests] } : {}),
        },
      ),
    );
    this.config.catch(() => {
      this.config = undefined;
    });
    return this.config;
  }

  async start(redirectUri: string, statePrefix?: string) {
    const c = await this.client();
    const config = await this.configuration().catch(unwrapUnreachable);
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
    const config = await this.configuration().catch(unwrapUnreachable);
    const tokens = await c
      .authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
      })
      .catch(unwrapUnreachable);
    const subject = tokens.claims()?.sub;
    if (!subject) throw new IdentityRefused('no subject in the ID token');
    const info = await c
      .fetchUserInfo(config, tokens.access_token, subject)
      .catch(unwrapUnreachable);
    const verified = runFromClaims(info as Record<string, unknown>);
    if (!verified) throw new IdentityRefused('the provider returned no valid RUN');
    return { ...verified, subject, issuer: config.serverMetadata().issuer };
  }
}

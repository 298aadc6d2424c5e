import { secret } from '../../../platform/secret-values.js';
import { type IdentityProvider, OidcIdentityProvider } from './oidc-identity.js';

let instance: Promise<IdentityProvider | undefined> | undefined;

/**
 * The OpenID provider of FES + Clave Única (CLAVEUNICA_ISSUER / _CLIENT_ID / _CLIENT_SECRET; the
 * local ClaveÚnica on the local stack), or undefined when none is configured ('none').
 */
export function identityProvider(): Promise<IdentityProvider | undefined> {
  // `secret` reads an unset or 'none' value as undefined (requiredSecret would throw).
  instance ??= Promise.all([
    secret('CLAVEUNICA_ISSUER'),
    secret('CLAVEUNICA_CLIENT_ID'),
    secret('CLAVEUNICA_CLIENT_SECRET'),
  ])
    .then(([issuer, clientId, clientSecret]) =>
      !issuer || !clientId || !clientSecret
        ? undefined
        : new OidcIdentityProvider({
            issuer,
            clientId,
            clientSecret,
            insecure: issuer.startsWith('http://'),
            backchannel: process.env.CLAVEUNICA_BACKCHANNEL_URL || undefined,
          }),
    )
    .catch((err: unknown) => {
      instance = undefined;
      throw err;
    });
  return instance;
}

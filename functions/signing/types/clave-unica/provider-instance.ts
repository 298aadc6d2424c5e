import { requiredSecret, UNSET_SECRET } from '../../../platform/secret-values.js';
import { type IdentityProvider, OidcIdentityProvider } from './oidc-identity.js';

let instance: Promise<IdentityProvider | undefined> | undefined;

/**
 * The OpenID provider of FES + Clave Única (CLAVEUNICA_ISSUER / _CLIENT_ID / _CLIENT_SECRET; the
 * local ClaveÚnica on the local stack), or undefined when none is configured ('none').
 */
export function identityProvider(): Promise<IdentityProvider | undefined> {
  instance ??= Promise.all([
    requiredSecret('CLAVEUNICA_ISSUER'),
    requiredSecret('CLAVEUNICA_CLIENT_ID'),
    requiredSecret('CLAVEUNICA_CLIENT_SECRET'),
  ])
    .then(([issuer, clientId, clientSecret]) =>
      [issuer, clientId, clientSecret].includes(UNSET_SECRET)
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

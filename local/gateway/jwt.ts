import { JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';

export type Claims = Record<string, unknown>;

/**
 * The JWT authorizer of the HTTP API, for cognito-local: RS256 signature against the pool's JWKS,
 * issuer, expiry, and (for access tokens) `token_use` = access and `client_id` = our app client.
 * CognitoJwtVerifier rejects cognito-local's `local_…` pool ids, so the generic verifier is used;
 * aws-jwt-verify fetches JWKS over https only, so we load the JWKS ourselves once.
 */
export async function createAccessTokenVerifier(opts: {
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
}): Promise<(token: string) => Promise<Claims | undefined>> {
  const issuer = `${opts.cognitoEndpoint}/${opts.userPoolId}`;
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  const verifier = JwtVerifier.create({
    issuer,
    audience: null,
    jwksUri,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== opts.clientId) throw new Error('wrong client');
    },
  });
  const res = await fetch(jwksUri);
  if (!res.ok) throw new Error(`JWKS ${jwksUri}: ${res.status}`);
  verifier.cacheJwks((await res.json()) as Jwks);
  return async (token) => {
    try {
      return (await verifier.verify(token)) as Claims;
    } catch {
      return undefined;
    }
  };
}

/**
 * API Gateway hands JWT claims to Lambda as strings, arrays as "[a b]". The local gateway does
 * the same so handlers are tested against the shape they get in AWS.
 */
export function claimsAsApiGateway(claims: Claims): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims)) {
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : String(v);
  }
  return out;
}

import type { IncomingMessage, ServerResponse } from 'node:http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Same-origin door to cognito-local for the SPA (Amplify's `userPoolEndpoint`). Amplify 6
 * refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks: we answer it with
 * InitiateAuth REFRESH_TOKEN_AUTH, which returns the same AuthenticationResult. Everything else
 * passes through unchanged, except sign-in errors (below).
 */
export async function proxyCognito(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  cognitoEndpoint: string,
): Promise<void> {
  let target = String(req.headers['x-amz-target'] ?? '');
  let payload = body;
  let refreshToken: string | undefined;
  if (target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
    const input = JSON.parse(body.toString('utf8') || '{}') as {
      RefreshToken?: string;
      ClientId?: string;
    };
    refreshToken = input.RefreshToken;
    target = `${TARGET_PREFIX}InitiateAuth`;
    payload = Buffer.from(
      JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      }),
    );
  }
  const upstream = await fetch(cognitoEndpoint, {
    method: 'POST',
    headers: {
      'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
      'x-amz-target': target,
    },
    body: payload,
  });
  let text = await upstream.text();
  if (refreshToken && upstream.ok) {
    // Refresh tokens are not rotated: hand the same one back, as Cognito does without rotation.
    const parsed = JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> };
    if (parsed.AuthenticationResult && !parsed.AuthenticationResult.RefreshToken) {
      parsed.AuthenticationResult.RefreshToken = refreshToken;
    }
    text = JSON.stringify({ AuthenticationResult: parsed.AuthenticationResult });
  }
  if (target === `${TARGET_PREFIX}InitiateAuth` && upstream.status === 400) {
    text = asRealCognitoSignInError(text);
  }
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    'cache-control': 'no-store',
  });
  res.end(text);
}

/**
 * cognito-local answers a wrong password with InvalidPasswordException and an unknown user with
 * UserNotFoundException. The real pool (preventUserExistenceErrors, lib/auth.ts) answers both with
 * NotAuthorizedException, so the SPA sees here what it will see in AWS.
 */
function asRealCognitoSignInError(text: string): string {
  try {
    const parsed = JSON.parse(text) as { __type?: string };
    if (parsed.__type === 'InvalidPasswordException' || parsed.__type === 'UserNotFoundException') {
      return JSON.stringify({
        __type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  } catch {
    // not JSON: pass it on as it is
  }
  return text;
}

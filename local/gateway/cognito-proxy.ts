import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CognitoSessions, decodeJwt } from './cognito-sessions.js';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The operations the SPA calls (web/src/lib/session/amplify.ts): Amplify's signIn
 * (InitiateAuth USER_PASSWORD_AUTH), fetchAuthSession's refresh (GetTokensFromRefreshToken)
 * and signOut (RevokeToken, which Amplify sends when the token allows revocation). Everything
 * else is refused: in AWS, Admin* and pool operations need IAM credentials the browser never
 * has, and SignUp, UpdateUserAttributes or ChangePassword must not bypass our API.
 */
export const DOOR_OPERATIONS = [
  'InitiateAuth',
  'GetTokensFromRefreshToken',
  'RevokeToken',
] as const;
const ALLOWED = new Set<string>(DOOR_OPERATIONS);
const ALLOWED_FLOWS = new Set(['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']);

export interface CognitoDoor {
  /** cognito-local itself. */
  endpoint: string;
  userPoolId: string;
  sessions: CognitoSessions;
}

interface AuthRequest {
  AuthFlow?: string;
  ClientId?: string;
  AuthParameters?: Record<string, string>;
  RefreshToken?: string;
}

/**
 * Same-origin door to cognito-local for the SPA (Amplify's `userPoolEndpoint`), which makes
 * cognito-local answer as the real pool would:
 * - only the operations above pass (Cognito's error shape otherwise);
 * - a disabled account (a sign-up not yet confirmed) cannot sign in or refresh;
 * - a refresh token issued before its account's global sign-out no longer refreshes;
 * - GetTokensFromRefreshToken, which cognito-local lacks, is answered through InitiateAuth
 *   REFRESH_TOKEN_AUTH (same AuthenticationResult);
 * - sign-in errors read as the real pool's (preventUserExistenceErrors).
 * Token lifetimes are the app client's (local/setup.ts sets the stack's 1 h / 30 days).
 */
export async function proxyCognito(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  door: CognitoDoor,
): Promise<void> {
  const operation = String(req.headers['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
  if (!ALLOWED.has(operation)) {
    return refuse(
      res,
      'NotAuthorizedException',
      `${operation || 'This operation'} is not allowed.`,
    );
  }
  let input: AuthRequest;
  try {
    input = JSON.parse(body.toString('utf8') || '{}') as AuthRequest;
  } catch {
    return refuse(res, 'SerializationException', 'Malformed request body.');
  }

  let target = operation;
  let payload = body;
  let refreshToken: string | undefined;
  if (operation === 'GetTokensFromRefreshToken') {
    refreshToken = input.RefreshToken;
    target = 'InitiateAuth';
    payload = Buffer.from(
      JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      }),
    );
  } else if (operation === 'InitiateAuth') {
    if (!ALLOWED_FLOWS.has(input.AuthFlow ?? '')) {
      return refuse(res, 'InvalidParameterException', 'Unsupported AuthFlow.');
    }
    if (input.AuthFlow !== 'USER_PASSWORD_AUTH') refreshToken = input.AuthParameters?.REFRESH_TOKEN;
  }

  if (target === 'InitiateAuth') {
    const refusal = refreshToken
      ? await refreshRefusal(door, refreshToken)
      : await signInRefusal(door, input.AuthParameters?.USERNAME);
    if (refusal) return refuse(res, 'NotAuthorizedException', refusal);
  }

  const upstream = await fetch(door.endpoint, {
    method: 'POST',
    headers: {
      'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
      'x-amz-target': `${TARGET_PREFIX}${target}`,
    },
    body: payload,
  });
  let text = await upstream.text();
  if (target === 'InitiateAuth' && upstream.ok) {
    const parsed = JSON.parse(text) as { AuthenticationResult?: Record<string, unknown> };
    const result = parsed.AuthenticationResult;
    if (result && typeof result.RefreshToken === 'string') {
      door.sessions.recordIssued(result.RefreshToken);
    }
    if (operation === 'GetTokensFromRefreshToken') {
      // Refresh tokens are not rotated: hand the same one back, as Cognito does without rotation.
      if (result && !result.RefreshToken) result.RefreshToken = refreshToken;
      text = JSON.stringify({ AuthenticationResult: result });
    }
  }
  if (target === 'InitiateAuth' && upstream.status === 400) {
    text = asRealCognitoSignInError(text);
  }
  res.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Cognito's error answer: status 400, the error's name in `__type` and in x-amzn-errortype. */
function refuse(res: ServerResponse, type: string, message: string): void {
  const text = JSON.stringify({ __type: type, message });
  res.writeHead(400, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-errortype': type,
    'cache-control': 'no-store',
  });
  res.end(text);
}

interface LocalUser {
  sub: string;
  enabled: boolean;
}

/** The account as cognito-local holds it (the door's own admin look-up, never the browser's). */
async function lookUp(door: CognitoDoor, username: string): Promise<LocalUser | undefined> {
  const res = await fetch(door.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `${TARGET_PREFIX}AdminGetUser`,
    },
    body: JSON.stringify({ UserPoolId: door.userPoolId, Username: username }),
  });
  if (!res.ok) return undefined;
  const user = (await res.json()) as {
    Username?: string;
    Enabled?: boolean;
    UserAttributes?: { Name: string; Value: string }[];
  };
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username ?? '';
  return { sub, enabled: user.Enabled !== false };
}

/** cognito-local lets a disabled account sign in; Cognito answers "User is disabled.". */
async function signInRefusal(door: CognitoDoor, username: unknown): Promise<string | undefined> {
  if (typeof username !== 'string' || username === '') return undefined;
  const user = await lookUp(door, username);
  return user && !user.enabled ? 'User is disabled.' : undefined;
}

async function refreshRefusal(door: CognitoDoor, token: string): Promise<string | undefined> {
  const username = decodeJwt(token)['cognito:username'];
  if (typeof username !== 'string') return undefined; // cognito-local refuses it itself
  const user = await lookUp(door, username);
  if (!user) return undefined;
  if (!user.enabled) return 'User is disabled.';
  if (door.sessions.isRevoked(user.sub, token)) return 'Refresh Token has been revoked';
  return undefined;
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

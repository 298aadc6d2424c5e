import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { AuthLevel } from '../../shared/contract/routes.js';
import { forbidden, unauthorized } from './errors.js';

/** Who is calling, taken from the claims the JWT authorizer (or the local gateway) verified. */
export interface Caller {
  sub: string;
  email: string | undefined;
  groups: string[];
  isAdmin: boolean;
}

/**
 * API Gateway hands array claims to Lambda as a string like "[admin notary]"; the local gateway
 * passes real arrays. Accept both.
 */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  const trimmed = raw.trim();
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    return trimmed
      .slice(1, -1)
      .split(/[\s,]+/)
      .map((g) => g.replace(/^"|"$/g, ''))
      .filter(Boolean);
  }
  return [trimmed];
}

type Event = Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>;

export function callerOf(event: Event): Caller | undefined {
  const claims = (event.requestContext as Partial<Event['requestContext']>)?.authorizer?.jwt
    ?.claims as Record<string, unknown> | undefined;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return undefined;
  // The HTTP API authorizer accepts any token whose aud or client_id is our app client, and an
  // ID token has that aud too: only access tokens identify an API caller.
  if (claims?.token_use !== 'access') return undefined;
  const groups = parseGroups(claims?.['cognito:groups']);
  return {
    sub,
    email: typeof claims?.email === 'string' ? claims.email : undefined,
    groups,
    isAdmin: groups.includes('admin'),
  };
}

/** Enforces the route's auth level again inside the function: defence in depth. */
export function requireCaller(level: AuthLevel, caller: Caller | undefined): Caller | undefined {
  if (level === 'public') return caller;
  if (!caller) throw unauthorized();
  if (level === 'admin' && !caller.isAdmin) throw forbidden();
  return caller;
}

export function mustBeCaller(caller: Caller | undefined): Caller {
  if (!caller) throw unauthorized();
  return caller;
}

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
 * The `cognito:groups` claim in exactly the shapes it arrives in, never split on commas:
 * - a real array (the local gateway before conversion, or a JSON-decoding authorizer);
 * - API Gateway's string form of an array, `[admin notary]`: space-separated names in brackets
 *   (Cognito group names cannot contain whitespace);
 * - a JSON array string, `["admin","notary"]`.
 * Anything else (a bare string, a comma list, a JSON value that is not an array of strings)
 * yields no groups: an unexpected shape must never grant a group.
 */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.every((g) => typeof g === 'string') ? raw : [];
  if (typeof raw !== 'string') return [];
  if (!raw.startsWith('[') || !raw.endsWith(']')) return [];
  if (raw.startsWith('["') || raw === '[]') return parseJsonGroups(raw);
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  // Brackets, quotes and commas are not part of any group name we create; a value holding them
  // is not API Gateway's form of a string array.
  if (/[[\]",]/.test(inner)) return [];
  return inner.split(' ').filter((g) => g !== '');
}

function parseJsonGroups(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((g) => typeof g === 'string') ? parsed : [];
  } catch {
    return [];
  }
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

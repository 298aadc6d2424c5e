import type { Role } from '../../../../shared/contract/profile';

/** The signed-in user as the app sees it. */
export interface SessionUser {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

/** From the API's profile (`getMyProfile`), the source of truth for names and role. */
export function userFromProfile(profile: {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
}): SessionUser {
  return {
    sub: profile.id,
    email: profile.email,
    firstName: profile.first_name,
    lastName: profile.last_name,
    role: profile.role,
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * `cognito:groups` arrives as an array in a token; some gateways flatten it to "[admin other]"
 * or "admin,other". All three shapes are read.
 */
export function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value === 'string') {
    return value
      .replace(/^\[|\]$/g, '')
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  return [];
}

/** Fallback when the profile cannot be read: the ID token's claims. */
export function userFromClaims(claims: Record<string, unknown> | undefined): SessionUser | null {
  if (!claims) return null;
  const sub = text(claims.sub);
  if (!sub) return null;
  return {
    sub,
    email: text(claims.email),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    role: groupsOf(claims['cognito:groups']).includes('admin') ? 'admin' : 'customer',
  };
}

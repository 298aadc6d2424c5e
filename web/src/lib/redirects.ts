/** Where the app sends a user after logging in when nothing else was asked for (spec §2.1). */
export const DEFAULT_AFTER_LOGIN = '/mis-pedidos';

/** Pages it makes no sense to return to after logging in. */
const AUTH_PAGES = ['/login', '/signup', '/forgot-password', '/reset-password', '/auth/confirm'];

const PLACEHOLDER_ORIGIN = 'https://sello.invalid';

/**
 * A `next` target is followed only when it is a path on this site: it must start with a single
 * "/", must not smuggle a scheme, host or control characters (`//evil`, `/\evil`,
 * `/%09/evil`), and must not point back at an auth page. Anything else gives the fallback.
 */
export function safeNextPath(
  next: string | null | undefined,
  fallback: string = DEFAULT_AFTER_LOGIN,
): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2048) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PAGES.includes(path)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page's URL that comes back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

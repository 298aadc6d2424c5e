import { takeEarlyLinkToken } from './earlyAnswer';

/**
 * The signer's credentials. The link's token leaves the address bar at once (history,
 * Referer, shoulder surfing), stays in this tab's memory only, and is exchanged on
 * init_signing for a signing session; the session id is what every later step sends, and it is
 * kept in sessionStorage under the signer id so a reload of the cleaned URL resumes
 * (docs/drafts/signing-design.md §1.2, §6).
 */

/** The address without its `token` parameter (path, other parameters, hash), or null when none. */
export function urlWithoutToken(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('token')) return null;
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Link tokens seen in this tab, by signer id (module memory: the tab's life, never stored). */
const tokens = new Map<string, string>();

/** Takes the token out of the address bar (once) and answers the one held for this signer. */
export function takeLinkToken(signerId: string): { token?: string; fresh: boolean } {
  const fromUrl =
    new URL(window.location.href).searchParams.get('token')?.trim() || takeEarlyLinkToken(signerId);
  const cleaned = urlWithoutToken(window.location.href);
  if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
  if (fromUrl) tokens.set(signerId, fromUrl);
  return { token: tokens.get(signerId), fresh: Boolean(fromUrl) };
}

export function heldToken(signerId: string): string | undefined {
  return tokens.get(signerId);
}

/** sessionStorage key prefix of a signer's session (the boot script's early call reads it too). */
export const SIGNING_SESSION_KEY_PREFIX = 'sello.signing.session.';
const sessionKey = (signerId: string) => `${SIGNING_SESSION_KEY_PREFIX}${signerId}`;
/** The same ids in memory, for browsers whose storage is disabled (the page still works). */
const sessions = new Map<string, string>();

export function storedSession(signerId: string): string | undefined {
  try {
    return window.sessionStorage.getItem(sessionKey(signerId)) ?? sessions.get(signerId);
  } catch {
    return sessions.get(signerId);
  }
}

export function storeSession(signerId: string, sessionId: string | undefined): void {
  if (sessionId) sessions.set(signerId, sessionId);
  else sessions.delete(signerId);
  try {
    if (sessionId) window.sessionStorage.setItem(sessionKey(signerId), sessionId);
    else window.sessionStorage.removeItem(sessionKey(signerId));
  } catch {
    // storage disabled: the map above holds it for this page's life
  }
}

/**
 * What init_signing sends. A link just opened wins (a resent link replaces the old session);
 * then the stored session (resume where the signer was); then the token held in memory.
 */
export function initCredentials(input: {
  token?: string;
  freshToken: boolean;
  session?: string;
}): { token: string } | { signingSessionId: string } | undefined {
  if (input.token && input.freshToken) return { token: input.token };
  if (input.session) return { signingSessionId: input.session };
  if (input.token) return { token: input.token };
  return undefined;
}

/**
 * `<meta name="referrer" content="no-referrer">` while the signer's page is shown: nothing the
 * page loads or opens learns its address. Answers the clean-up that removes it again.
 */
export function forbidReferrer(): () => void {
  // The boot script may have put it there already, before the first paint: one is kept.
  const meta =
    document.head.querySelector<HTMLMetaElement>('meta[name="referrer"][content="no-referrer"]') ??
    document.createElement('meta');
  meta.name = 'referrer';
  meta.content = 'no-referrer';
  if (!meta.isConnected) document.head.append(meta);
  return () => meta.remove();
}

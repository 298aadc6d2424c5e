/**
 * The first call of a page, started by the inline boot script in index.html before any of the
 * app's modules has downloaded (web/src/prerender/earlyCalls.ts writes that part): the signer's
 * init_signing, the first page of /mis-pedidos. The app takes the answer instead of asking
 * again, so the request runs while its JavaScript loads. It lives in this page's memory only.
 */
export interface EarlyAnswer {
  status: number;
  statusText: string;
  text: string;
}

/** What the boot script leaves on `window`: which call it made, and its answer (none: offline). */
export interface EarlyCall {
  key: string;
  answer: Promise<EarlyAnswer | undefined>;
}

/** The window property the boot script writes (prerender/earlyCalls.ts reads this name). */
export const EARLY_CALL_GLOBAL = '__selloEarlyCall';

type WithEarly = { [EARLY_CALL_GLOBAL]?: EarlyCall };

function current(): EarlyCall | undefined {
  return typeof window === 'undefined' ? undefined : (window as WithEarly)[EARLY_CALL_GLOBAL];
}

/**
 * The link token the boot script took out of the address bar when it started init_signing (the
 * token must leave the URL at once, before any answer), for linkCredentials to hold in memory.
 */
export const EARLY_LINK_TOKEN_GLOBAL = '__selloEarlyLinkToken';

type WithLinkToken = { [EARLY_LINK_TOKEN_GLOBAL]?: { signerId: string; token: string } };

/** That token, if it was this signer's; taken once. */
export function takeEarlyLinkToken(signerId: string): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const held = (window as WithLinkToken)[EARLY_LINK_TOKEN_GLOBAL];
  if (!held || held.signerId !== signerId) return undefined;
  delete (window as WithLinkToken)[EARLY_LINK_TOKEN_GLOBAL];
  return held.token;
}

/** The early call's answer, if the boot script made the call `key` names; taken once. */
export function takeEarlyAnswer(key: string): Promise<EarlyAnswer | undefined> | undefined {
  const early = current();
  if (!early || early.key !== key) return undefined;
  delete (window as WithEarly)[EARLY_CALL_GLOBAL];
  return early.answer;
}

/** Settles when the early call (any) has its answer; at once when none was made. */
export async function earlyCallSettled(): Promise<void> {
  await current()?.answer;
}

/** Which early call the signer's first init_signing is (its link's token or stored session). */
export function signingCallKey(
  signerId: string,
  creds: { token: string } | { signingSessionId: string },
): string {
  return 'token' in creds
    ? `signing ${signerId} token ${creds.token}`
    : `signing ${signerId} session ${creds.signingSessionId}`;
}

/** The first page of /mis-pedidos with no filter (the page's default URL). */
export const ORDERS_CALL_KEY = 'orders first page';

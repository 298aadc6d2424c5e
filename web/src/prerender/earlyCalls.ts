import routes from 'virtual:sello/route-manifest';
import { DEFAULT_PAGE_SIZE } from '../features/orders/orderRules';
import { EARLY_CALL_GLOBAL, EARLY_LINK_TOKEN_GLOBAL, ORDERS_CALL_KEY } from '../lib/earlyAnswer';
import { SIGNING_SESSION_KEY_PREFIX } from '../lib/linkCredentials';
import { AMPLIFY_STORAGE_PREFIX } from '../lib/session/storedTokens';
import { storageKeys } from '../lib/storage';

/** The URL /mis-pedidos asks first with no filter in its address (OrdersPage, apiCall). */
export const ORDERS_FIRST_URL = `${routes.listOrders.path}?page=1&page_size=${DEFAULT_PAGE_SIZE}`;

/**
 * Build-time only: the part of the inline boot script (prerender/shells.tsx) that starts a
 * page's first call before the app's modules arrive (lib/earlyAnswer.ts takes its answer):
 *  - the signer's page: init_signing with the link's token, else the session stored for that
 *    signer, the same choice as linkCredentials' initCredentials for a page just opened; no
 *    Referer, like every signing call;
 *  - /mis-pedidos without filters, for a customer whose stored access token is still valid
 *    (Amplify's keys: `{prefix}{client}.LastAuthUser`, `{prefix}{client}.{user}.accessToken`);
 *    with a token about to expire the app refreshes it and asks itself; in an organisation's
 *    work context (lib/workContext.ts keeps it per account) the app asks itself, with the
 *    context's header.
 * Anything unexpected leaves the call to the app. Nothing here is stored or logged.
 */
export function earlyCallsScript(): string {
  const prefix = JSON.stringify(AMPLIFY_STORAGE_PREFIX);
  return `(() => {
  const call = (key, url, init) => {
    window[${JSON.stringify(EARLY_CALL_GLOBAL)}] = {
      key,
      answer: fetch(url, Object.assign({ cache: 'no-store', referrerPolicy: 'no-referrer' }, init))
        .then((r) => r.text().then((text) => ({ status: r.status, statusText: r.statusText, text })))
        .catch(() => undefined),
    };
  };
  try {
    const path = location.pathname.replace(/\\/+$/, '') || '/';
    const sign = /^\\/(?:sign|firmar)\\/([^/]+)$/.exec(path);
    if (sign) {
      const signerId = decodeURIComponent(sign[1]);
      const token = (new URLSearchParams(location.search).get('token') || '').trim();
      let session = null;
      if (!token) {
        try {
          session = window.sessionStorage.getItem(${JSON.stringify(SIGNING_SESSION_KEY_PREFIX)} + signerId);
        } catch {}
      }
      try {
        // No Referer from this page at all, from the first request on (SigningPage keeps it).
        const meta = document.createElement('meta');
        meta.name = 'referrer';
        meta.content = 'no-referrer';
        document.head.appendChild(meta);
      } catch {}
      if (!token && !session) return;
      const creds = token ? { token } : { signingSessionId: session };
      call('signing ' + signerId + (token ? ' token ' + token : ' session ' + session), ${JSON.stringify(routes.signingStep.path)}, {
        method: ${JSON.stringify(routes.signingStep.method)},
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(Object.assign({ accion: 'init_signing', signerId }, creds, { timestamp: new Date().toISOString() })),
      });
      if (token) {
        // The token leaves the address bar now (history, Referer, shoulder surfing), not when
        // the app arrives: the app takes it from here (linkCredentials.takeLinkToken).
        window[${JSON.stringify(EARLY_LINK_TOKEN_GLOBAL)}] = { signerId, token };
        const clean = new URL(location.href);
        clean.searchParams.delete('token');
        window.history.replaceState(window.history.state, '', clean.pathname + clean.search + clean.hash);
      }
      return;
    }
    if (path !== '/mis-pedidos' || location.search) return;
    const s = window.localStorage;
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i) || '';
      if (!k.startsWith(${prefix}) || !k.endsWith('.LastAuthUser')) continue;
      const token = s.getItem(k.slice(0, -'LastAuthUser'.length) + s.getItem(k) + '.accessToken');
      if (!token) return;
      const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (!(claims.exp * 1000 > Date.now() + 60000)) return;
      // Working in an organisation: its orders need the context header, which the app sends.
      if ((s.getItem(${JSON.stringify(storageKeys.workContextPrefix)} + claims.sub) || '').startsWith('org_')) return;
      call(${JSON.stringify(ORDERS_CALL_KEY)}, ${JSON.stringify(ORDERS_FIRST_URL)}, {
        headers: { accept: 'application/json', authorization: 'Bearer ' + token },
      });
      return;
    }
  } catch {}
})();`;
}

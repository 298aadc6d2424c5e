import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDERS_FIRST_PAGE_KEY } from '../app/firstScreenData';
import { isBareLayoutPath, isUngatedPath } from '../app/paths';
import {
  DEFAULT_PAGE_SIZE,
  parsePage,
  parsePageSize,
  parsePeriod,
} from '../features/orders/orderRules';
import {
  EARLY_CALL_GLOBAL,
  EARLY_LINK_TOKEN_GLOBAL,
  type EarlyCall,
  ORDERS_CALL_KEY,
  signingCallKey,
  takeEarlyAnswer,
} from '../lib/earlyAnswer';
import { LINK_SHELLS } from '../lib/firstPaintShell';
import { SIGNING_SESSION_KEY_PREFIX } from '../lib/linkCredentials';
import { MAINTENANCE_ACCESS_GRANTED, MAINTENANCE_ACCESS_KEY } from '../lib/maintenanceAccess';
import { ordersQueryKey } from '../lib/queryKeys';
import { AMPLIFY_STORAGE_PREFIX } from '../lib/session/session';
import { storageKeys } from '../lib/storage';
import { WIZARD_SESSION_KEYS } from '../lib/wizardSession';
import { ORDERS_FIRST_URL } from './earlyCalls';
import { bootScript } from './shells';

interface Visit {
  path: string;
  search?: string;
  local?: Record<string, string>;
  session?: Record<string, string>;
}

function storage(items: Record<string, string>) {
  return {
    getItem: (key: string) => items[key] ?? null,
    key: (i: number) => Object.keys(items)[i] ?? null,
    get length() {
      return Object.keys(items).length;
    },
  };
}

interface Sent {
  url: string;
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    referrerPolicy?: string;
  };
}

/** Runs the inline boot script (index.html): the view it picked and the call it started. */
function boot({ path, search = '', local = {}, session = {} }: Visit) {
  const dataset: Record<string, string> = {};
  const sent: Sent[] = [];
  const replaced: string[] = [];
  const window: Record<string, unknown> = {
    localStorage: storage(local),
    sessionStorage: storage(session),
    history: {
      state: null,
      replaceState: (_: unknown, __: string, url: string) => replaced.push(url),
    },
  };
  const fetch = (url: string, init: Sent['init']) => {
    sent.push({ url, init });
    return Promise.resolve({ status: 200, statusText: 'OK', text: async () => '{"ok":true}' });
  };
  new Function('window', 'location', 'document', 'fetch', bootScript())(
    window,
    { pathname: path, search, href: `https://sello.test${path}${search}` },
    { documentElement: { dataset } },
    fetch,
  );
  return {
    view: dataset.shell,
    sent,
    replaced,
    linkToken: window[EARLY_LINK_TOKEN_GLOBAL],
    early: window[EARLY_CALL_GLOBAL] as EarlyCall | undefined,
  };
}

const picked = (visit: Visit): string | undefined => boot(visit).view;

/** A JWT-shaped access token (only its payload is read) expiring `inSeconds` from now. */
const accessToken = (inSeconds: number) =>
  `h.${Buffer.from(JSON.stringify({ sub: 'sub-1', exp: Math.floor(Date.now() / 1000) + inSeconds })).toString('base64url')}.s`;

const signedInAs = (token: string) => ({
  [`${AMPLIFY_STORAGE_PREFIX}client1.LastAuthUser`]: 'user-1',
  [`${AMPLIFY_STORAGE_PREFIX}client1.user-1.accessToken`]: token,
});

const granted = { [MAINTENANCE_ACCESS_KEY]: MAINTENANCE_ACCESS_GRANTED };

describe('the first-paint boot script', () => {
  it('shows the gate to a new visitor on every page with a shell, and nothing elsewhere', () => {
    expect(picked({ path: '/' })).toBe('gate');
    expect(picked({ path: '/firmar-documento' })).toBe('gate');
    expect(picked({ path: '/firmar-documento', search: '?request=r1' })).toBe('gate');
    expect(picked({ path: '/credit-history', local: granted })).toBeUndefined();
  });

  it('shows the page to a visitor with the access code or a stored session', () => {
    expect(picked({ path: '/', local: granted })).toBe('home');
    expect(picked({ path: '/firmar-documento/', local: granted })).toBe('wizard');
    const signedIn = { [`${AMPLIFY_STORAGE_PREFIX}abc.idToken`]: 'x' };
    expect(picked({ path: '/firmar-documento', local: signedIn })).toBe('wizard');
  });

  it("shows the wizard's spinner, not its first step, for work in progress", () => {
    expect(picked({ path: '/firmar-documento', search: '?request=r1', local: granted })).toBe(
      'wizard-resume',
    );
    for (const key of WIZARD_SESSION_KEYS) {
      expect(picked({ path: '/firmar-documento', local: granted, session: { [key]: '{}' } })).toBe(
        'wizard-resume',
      );
    }
    // Only the wizard has a resume view.
    expect(picked({ path: '/', search: '?request=r1', local: granted })).toBe('home');
  });

  it('falls back to the gate when storage is refused', () => {
    const dataset: Record<string, string> = {};
    const refused = {
      get localStorage(): never {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      get sessionStorage(): never {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    new Function('window', 'location', 'document', bootScript())(
      refused,
      { pathname: '/firmar-documento', search: '' },
      { documentElement: { dataset } },
    );
    expect(dataset.shell).toBe('gate');
  });

  it('shows a link page its view whatever is stored: they are never behind the gate', () => {
    expect(picked({ path: '/sign/s1', search: '?token=t' })).toBe('signer');
    expect(picked({ path: '/firmar/s1/' })).toBe('signer');
    expect(picked({ path: '/verificar' })).toBe('verify');
    expect(picked({ path: '/verificar/ABCD-1234' })).toBe('verify-code');
    expect(picked({ path: '/descargar/o1', search: '?token=t' })).toBe('delivery');
    expect(picked({ path: '/sign/s1/extra' })).toBeUndefined();
    // Every path a link view covers has the bare layout and no gate (app/paths.ts).
    for (const path of ['/sign/s1', '/firmar/s1', '/verificar', '/verificar/x', '/descargar/o']) {
      expect(LINK_SHELLS.some(([re]) => new RegExp(re).test(path))).toBe(true);
      expect(isBareLayoutPath(path) && isUngatedPath(path)).toBe(true);
    }
  });

  it('shows /mis-pedidos only with a stored session; the code alone leads to the login', () => {
    expect(picked({ path: '/mis-pedidos', local: signedInAs(accessToken(3600)) })).toBe('orders');
    expect(picked({ path: '/mis-pedidos', local: granted })).toBeUndefined();
    expect(picked({ path: '/mis-pedidos' })).toBe('gate');
  });
});

describe("the first call, started by the boot script before the app's modules", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Hands the early call over to the app's side (lib/earlyAnswer.ts) as the page would. */
  function asApp(early: EarlyCall | undefined) {
    vi.stubGlobal('window', early ? { [EARLY_CALL_GLOBAL]: early } : {});
  }

  it("opens the signer's link with its token, without Referer, and the page takes that answer", async () => {
    const { sent, early, replaced, linkToken } = boot({
      path: '/sign/s%201',
      search: '?token=tok-1&x=1',
    });
    expect(sent).toHaveLength(1);
    // The token leaves the address bar at once, held in memory for the app.
    expect(replaced).toEqual(['/sign/s%201?x=1']);
    expect(linkToken).toEqual({ signerId: 's 1', token: 'tok-1' });
    const [call] = sent;
    expect(call?.url).toBe('/api/signing/step');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.referrerPolicy).toBe('no-referrer');
    expect(JSON.parse(call?.init.body ?? '{}')).toMatchObject({
      accion: 'init_signing',
      signerId: 's 1',
      token: 'tok-1',
    });
    asApp(early);
    // Another link's, or the session's, first call is not this one.
    expect(takeEarlyAnswer(signingCallKey('s 1', { signingSessionId: 'x' }))).toBeUndefined();
    const answer = await takeEarlyAnswer(signingCallKey('s 1', { token: 'tok-1' }));
    expect(answer).toEqual({ status: 200, statusText: 'OK', text: '{"ok":true}' });
    // Taken once: a retry asks the server again.
    expect(takeEarlyAnswer(signingCallKey('s 1', { token: 'tok-1' }))).toBeUndefined();
  });

  it("resumes the signer's stored session when the address has no token; nothing without either", () => {
    const session = { [`${SIGNING_SESSION_KEY_PREFIX}s1`]: 'sess-9' };
    const resumed = boot({ path: '/firmar/s1', session });
    expect(JSON.parse(resumed.sent[0]?.init.body ?? '{}')).toMatchObject({
      signerId: 's1',
      signingSessionId: 'sess-9',
    });
    asApp(resumed.early);
    expect(takeEarlyAnswer(signingCallKey('s1', { signingSessionId: 'sess-9' }))).toBeDefined();
    expect(boot({ path: '/firmar/s1' }).sent).toEqual([]);
  });

  it("asks for a signed-in customer's first page of orders with the stored access token", async () => {
    const token = accessToken(3600);
    const { sent, early } = boot({ path: '/mis-pedidos', local: signedInAs(token) });
    expect(sent.map((s) => s.url)).toEqual([ORDERS_FIRST_URL]);
    expect(ORDERS_FIRST_URL).toBe(`/api/orders?page=1&page_size=${DEFAULT_PAGE_SIZE}`);
    // The app puts the answer under the key OrdersPage builds for an address without filters.
    const pageKey = [
      ...ordersQueryKey,
      'list',
      { q: undefined, period: parsePeriod(null), page: parsePage(null), size: parsePageSize(null) },
    ];
    expect(hashKey(ORDERS_FIRST_PAGE_KEY)).toBe(hashKey(pageKey));
    expect(sent[0]?.init.headers?.authorization).toBe(`Bearer ${token}`);
    asApp(early);
    expect(await takeEarlyAnswer(ORDERS_CALL_KEY)).toMatchObject({ status: 200 });
  });

  it('leaves the orders call to the app when the token is about to expire, filters are set, or nobody is signed in', () => {
    expect(boot({ path: '/mis-pedidos', local: signedInAs(accessToken(30)) }).sent).toEqual([]);
    expect(
      boot({ path: '/mis-pedidos', search: '?page=2', local: signedInAs(accessToken(3600)) }).sent,
    ).toEqual([]);
    expect(boot({ path: '/mis-pedidos', local: granted }).sent).toEqual([]);
    expect(boot({ path: '/', local: signedInAs(accessToken(3600)) }).sent).toEqual([]);
  });

  it("leaves the orders call to the app in an organisation's work context (it needs the header)", () => {
    const inOrganization = {
      ...signedInAs(accessToken(3600)),
      [`${storageKeys.workContextPrefix}sub-1`]: `org_${'a'.repeat(24)}`,
    };
    expect(boot({ path: '/mis-pedidos', local: inOrganization }).sent).toEqual([]);
    // Another account's choice on this browser does not count.
    const otherAccount = {
      ...signedInAs(accessToken(3600)),
      [`${storageKeys.workContextPrefix}sub-2`]: `org_${'a'.repeat(24)}`,
    };
    expect(boot({ path: '/mis-pedidos', local: otherAccount }).sent).toHaveLength(1);
  });
});

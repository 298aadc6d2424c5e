/**
 * 'Comprar créditos' from checkout and back (issue 21 item 6): the packages page is opened with
 * `?volver=/checkout?request={id}`, what the customer typed at checkout (the project's title
 * first of all) waits in this tab's sessionStorage, and after a purchase the packages page goes
 * back to checkout, which takes the draft again. Shared by the checkout and packages features.
 */
export const RETURN_PARAM = 'volver';
const DRAFT_KEY = 'sello.checkout.draft';
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The checkout of a request, as the packages page's way back. */
export const checkoutPath = (requestId: string) =>
  `/checkout?request=${encodeURIComponent(requestId)}`;

/** The packages page, set to come back to this request's checkout. */
export function buyCreditsPath(requestId: string | null): string {
  if (!requestId || !REQUEST_ID.test(requestId)) return '/credit-packages';
  return `/credit-packages?${RETURN_PARAM}=${encodeURIComponent(checkoutPath(requestId))}`;
}

/** Only a checkout of ours is a way back (never another site, never any other page). */
export function checkoutReturnOf(raw: string | null): string | null {
  if (!raw) return null;
  const m = /^\/checkout\?request=([A-Za-z0-9_-]{1,64})$/.exec(raw);
  return m ? raw : null;
}

/** Keeps what was typed at a request's checkout while the customer buys credits. */
export function saveCheckoutDraft(requestId: string, values: Record<string, unknown>): void {
  const strings = Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ requestId, values: strings }));
  } catch {
    // Storage full or disabled: the form is prefilled from the profile as usual.
  }
}

/**
 * The kept draft of this request's checkout. Left in place (a second mount, React's strict
 * mode, reads it again): it belongs to one request, which is paid once, and the next trip to
 * buy credits writes it anew.
 */
export function readCheckoutDraft(requestId: string): Record<string, string> {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as { requestId?: unknown; values?: unknown };
    if (parsed.requestId !== requestId || !parsed.values || typeof parsed.values !== 'object') {
      return {};
    }
    return Object.fromEntries(
      Object.entries(parsed.values as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

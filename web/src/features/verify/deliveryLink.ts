import type { ApiResponse } from '../../lib/api';
import { apiCall } from '../../lib/api';

export type Delivery = ApiResponse<'downloadDelivery'>;

/** The `token` of a delivery link (/descargar/{orderId}?token=…), read without removing it. */
export function tokenInUrl(href: string): string | undefined {
  return new URL(href).searchParams.get('token')?.trim() || undefined;
}

/**
 * One exchange per link and page load: React's development double effects, and a re-render,
 * reuse the same request instead of spending the link's attempts twice.
 */
const exchanges = new Map<string, Promise<Delivery>>();

export function exchangeDeliveryToken(
  orderId: string,
  token: string,
  fresh = false,
): Promise<Delivery> {
  const key = `${orderId}\n${token}`;
  let p = fresh ? undefined : exchanges.get(key);
  if (!p) {
    p = apiCall('downloadDelivery', { body: { orderId, token } });
    // A failure may be retried (a lost connection); a success is kept for this page's life.
    p.catch(() => exchanges.delete(key));
    exchanges.set(key, p);
  }
  return p;
}

/**
 * The sealed file's link lasts 10 minutes (functions/signing/delivery/file-links.ts): a page left open
 * longer asks for a new one when the button is pressed, a little before that.
 */
export const LINK_FRESH_MS = 8 * 60 * 1000;

/** Starts the browser's download of the sealed PDF once (the link answers as an attachment). */
export function startDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

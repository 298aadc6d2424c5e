import { ordersPlacedBy } from '../orders/access.js';
import type { OrderSummaryRecord } from '../orders/repo.js';
import { listKeys } from '../platform/storage.js';
import { listRequests, type RequestItem } from '../requests/repo.js';

/**
 * Where an account's records are, for both its export and its deletion (docs/privacy.md). Every
 * read is a key or index of docs/data-model.md: documents have no per-user index, so their ids
 * come from the files under the owner's folders and from the requests that cite them.
 */
export const documentFolders = (sub: string) => [`documents/${sub}/`, `incoming/${sub}/`];

/** `documents/{sub}/{id}/{hex}.ext` or `incoming/{sub}/{id}.ext` → `id`. */
export function documentIdOfKey(key: string): string | undefined {
  const [, , rest] = key.split('/', 3);
  const id = rest?.split(/[/.]/)[0];
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}

export async function requestsOf(sub: string): Promise<RequestItem[]> {
  const [pending, paid] = await Promise.all([
    listRequests(sub, 'pending'),
    listRequests(sub, 'paid'),
  ]);
  return [...pending, ...paid];
}

/** Ids of every document the account uploaded that may still exist. */
export async function documentIdsOf(sub: string, requests: RequestItem[]): Promise<string[]> {
  const keys = (await Promise.all(documentFolders(sub).map(listKeys))).flat();
  const ids = new Set<string>();
  for (const k of keys) {
    const id = documentIdOfKey(k);
    if (id) ids.add(id);
  }
  for (const r of requests) if (r.document_id) ids.add(r.document_id);
  return [...ids];
}

/** Orders still moving: paid and waiting, being signed or sealed, or awaiting the notary. */
export const inProgress = (o: Pick<OrderSummaryRecord, 'status'>) =>
  o.status === 'pending' || o.status === 'processing';

/** Personal orders and those placed in organisations: the person's data is on each. */
export const ordersOf = (sub: string) => ordersPlacedBy(sub);

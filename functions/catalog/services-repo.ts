import { BatchGetCommand, type BatchGetCommandOutput, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CountryService } from '../../shared/contract/catalog.js';
import type { PricingModel, ServiceCategory } from '../../shared/rules/services.js';
import { db, tableName } from '../platform/db.js';
import { queryAll, strip } from './repo.js';

/**
 * The service catalogue of the wizard (customer-flows §3 Service, Country service price):
 *
 *   CATALOG / SERVICE#{id}                   service (code, name, category, flows, order, active)
 *   COUNTRY#{countryId} / PRICE#SERVICE#{id} its price in that country (minor units, model)
 *
 * Kept apart from repo.ts (packages, plans, rules) because requests and orders import only
 * this file to price a request.
 */
const CATALOG = 'CATALOG';
/** BatchGetItem takes at most 100 keys; a request names two services, so one call suffices. */
const BATCH_MAX_KEYS = 100;

export interface ServiceItem {
  id: string;
  /** Stable code the wizard's rules name (shared/rules/services.ts). */
  code: string;
  name: string;
  description: string;
  category: ServiceCategory;
  is_combinable: boolean;
  is_standalone: boolean;
  flows: string[];
  sort_order: number;
  is_active: boolean;
  /**
   * Delivered end to end (issue 21): false shows the service as 'Próximamente' and the server
   * refuses to sell it. An item written before the flag existed reads as not available, so a
   * stale catalogue never sells something by default.
   */
  available: boolean;
}

export interface ServicePriceItem {
  service_id: string;
  country_id: string;
  /** Minor units of the currency (shared/rules/currency.ts minorDigits). */
  price: number;
  currency_code: string;
  is_available: boolean;
  pricing_model: PricingModel;
}

const sellable = (s: ServiceItem | undefined, p: ServicePriceItem | undefined) =>
  !!s && !!p && s.is_active && p.is_available;

const toCountryService = (s: ServiceItem, p: ServicePriceItem): CountryService => ({
  id: s.id,
  code: s.code,
  name: s.name,
  description: s.description,
  category: s.category,
  is_combinable: s.is_combinable,
  is_standalone: s.is_standalone,
  flows: s.flows,
  price: p.price,
  currency_code: p.currency_code,
  pricing_model: p.pricing_model,
  available: s.available === true,
});

/**
 * Active services with an available price in a country, ordered by sort_order (then id, so
 * the order is stable). Two Queries: the catalogue's services and the country's prices.
 */
export async function listServicesForCountry(
  countryId: string,
): Promise<(CountryService & { sort_order: number })[]> {
  const [services, prices] = await Promise.all([
    queryAll(CATALOG, 'SERVICE#'),
    queryAll(`COUNTRY#${countryId}`, 'PRICE#SERVICE#'),
  ]);
  const priceOf = new Map(
    prices.map((i) => strip<ServicePriceItem>(i)).map((p) => [p.service_id, p] as const),
  );
  return services
    .map((i) => strip<ServiceItem>(i))
    .filter((s) => sellable(s, priceOf.get(s.id)))
    .sort((a, b) => a.sort_order - b.sort_order || a.id.localeCompare(b.id))
    .map((s) => ({
      ...toCountryService(s, priceOf.get(s.id) as ServicePriceItem),
      sort_order: s.sort_order,
    }));
}

/**
 * The given services at their price in a country, keyed by service id: one BatchGetItem of
 * the service items and their price items. Only active services with an available price are
 * in the map, so a missing id means "not on sale there" and the caller refuses it. Prices
 * always come from here, never from the browser.
 */
export async function priceServices(
  countryId: string,
  serviceIds: string[],
): Promise<Map<string, CountryService>> {
  const ids = [...new Set(serviceIds.filter((id) => id.length > 0))];
  const out = new Map<string, CountryService>();
  if (ids.length === 0) return out;
  if (ids.length * 2 > BATCH_MAX_KEYS) throw new RangeError('too many services to price');
  const keys = ids.flatMap((id) => [
    { pk: CATALOG, sk: `SERVICE#${id}` },
    { pk: `COUNTRY#${countryId}`, sk: `PRICE#SERVICE#${id}` },
  ]);
  const found: Record<string, unknown>[] = [];
  let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
    [tableName()]: { Keys: keys },
  };
  // BatchGet may leave keys unprocessed under throttling: ask again for those.
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const res: BatchGetCommandOutput = await db().send(
      new BatchGetCommand({ RequestItems: request }),
    );
    found.push(...(res.Responses?.[tableName()] ?? []));
    const left: Record<string, unknown>[] | undefined = res.UnprocessedKeys?.[tableName()]?.Keys;
    request = left?.length ? { [tableName()]: { Keys: left } } : undefined;
    if (request) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
  }
  if (request) throw new Error('catalogue read left unprocessed keys');
  const services = new Map<string, ServiceItem>();
  const prices = new Map<string, ServicePriceItem>();
  for (const item of found) {
    if (item.pk === CATALOG) {
      const s = strip<ServiceItem>(item);
      services.set(s.id, s);
    } else {
      const p = strip<ServicePriceItem>(item);
      prices.set(p.service_id, p);
    }
  }
  for (const id of ids) {
    const s = services.get(id);
    const p = prices.get(id);
    if (s && p && sellable(s, p)) out.set(id, toCountryService(s, p));
  }
  return out;
}

// Writers (seed and admin tooling).

const put = (pk: string, sk: string, entity: string, body: object) =>
  db().send(new PutCommand({ TableName: tableName(), Item: { pk, sk, entity, ...body } }));

export const putService = (s: ServiceItem) => put(CATALOG, `SERVICE#${s.id}`, 'Service', s);
export const putServicePrice = (p: ServicePriceItem) =>
  put(`COUNTRY#${p.country_id}`, `PRICE#SERVICE#${p.service_id}`, 'ServicePrice', p);

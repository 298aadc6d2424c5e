import type { CountryService } from '../../shared/contract/catalog.js';
import type { Quote, SelectedService } from '../../shared/contract/requests.js';
import { formatRate, parseRate, type Rate } from '../../shared/rules/credits.js';
import {
  creditDiscountAmount,
  creditsForPayment,
  orderTotal,
  pricedService,
  requestLineItems,
} from '../../shared/rules/pricing.js';
import { findCurrency } from '../catalog/repo.js';
import { priceServices } from '../catalog/services-repo.js';
import type { RequestItem } from './repo.js';
import { ownSignatureIds } from './signer-types.js';

/**
 * The price of a request now, always from the catalogue (customer-flows §9): the chosen
 * notarial service at its price in the request's country, one line per signature type in use
 * (the request's and the signers' own, issue 23) with per-signer ones times their signers,
 * credits needed with the 2% discount at the currency's rate. Nothing here trusts an amount
 * from the browser.
 */
export type QuotedRequest = Pick<
  RequestItem,
  'country_id' | 'currency_code' | 'notarial_service_id' | 'signature_service_id' | 'signers'
>;

/** The request's services and its signers' own signature types (issue 23). */
const chosenIds = (req: QuotedRequest) =>
  [req.notarial_service_id, req.signature_service_id, ...ownSignatureIds(req.signers)].filter(
    (id): id is string => !!id,
  );

/**
 * Pure: the quote from the priced services of the request's country and the currency's rate
 * (undefined: no rate, so no credits price). A chosen service missing from `prices` is no
 * longer on sale there: it is left out here and refused at payment (checks.ts).
 */
export function buildQuote(
  req: QuotedRequest,
  prices: ReadonlyMap<string, CountryService>,
  rate: Rate | undefined,
): Quote {
  const notarial = req.notarial_service_id ? prices.get(req.notarial_service_id) : undefined;
  const items: SelectedService[] = requestLineItems({
    notarial: notarial ? pricedService(notarial) : undefined,
    signatureServiceId: req.signature_service_id,
    signers: req.signers,
    priced: (id) => {
      const s = prices.get(id);
      return s?.category === 'electronic_signature' ? pricedService(s) : undefined;
    },
  }).map((item) => ({ ...item, code: (prices.get(item.service_id) as CountryService).code }));
  const total = orderTotal(items);
  const usable = rate && rate.num > 0n ? rate : undefined;
  return {
    items,
    total,
    currency_code: req.currency_code,
    credits_needed: usable ? creditsForPayment(total, req.currency_code, usable) : 0,
    credits_discount_amount: creditDiscountAmount(total),
    credits_per_unit: usable ? formatRate(usable) : null,
  };
}

/** priceServices takes up to 50 ids per call; a country's catalogue holds far fewer. */
const PRICE_BATCH = 50;

async function priceAll(countryId: string, ids: string[]): Promise<Map<string, CountryService>> {
  const out = new Map<string, CountryService>();
  for (let i = 0; i < ids.length; i += PRICE_BATCH) {
    for (const [id, s] of await priceServices(countryId, ids.slice(i, i + PRICE_BATCH))) {
      out.set(id, s);
    }
  }
  return out;
}

async function rateOf(currencyCode: string): Promise<Rate | undefined> {
  const currency = await findCurrency(currencyCode);
  return currency ? parseRate(currency.credits_per_unit) : undefined;
}

/**
 * Quotes many requests with one catalogue read per distinct country and one rate read per
 * distinct currency (the cart lists up to dozens of requests in a handful of countries).
 */
export async function quoteRequests(reqs: readonly QuotedRequest[]): Promise<Quote[]> {
  const idsByCountry = new Map<string, Set<string>>();
  for (const r of reqs) {
    const ids = idsByCountry.get(r.country_id) ?? new Set<string>();
    for (const id of chosenIds(r)) ids.add(id);
    idsByCountry.set(r.country_id, ids);
  }
  const currencies = [...new Set(reqs.map((r) => r.currency_code))];
  const [priced, rates] = await Promise.all([
    Promise.all(
      [...idsByCountry].map(
        async ([country, ids]) => [country, await priceAll(country, [...ids])] as const,
      ),
    ),
    Promise.all(currencies.map(async (c) => [c, await rateOf(c)] as const)),
  ]);
  const pricesOf = new Map(priced);
  const rateOfCurrency = new Map(rates);
  return reqs.map((r) =>
    buildQuote(r, pricesOf.get(r.country_id) ?? new Map(), rateOfCurrency.get(r.currency_code)),
  );
}

/** The quote of one request (checkout prices with this; get-request shows it). */
export async function quoteRequest(req: QuotedRequest): Promise<Quote> {
  const [quote] = await quoteRequests([req]);
  return quote as Quote;
}

import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ConsumptionRule,
  CreditPackage,
  SubscriptionPlan,
} from '../../shared/contract/credits.js';
import type { FeaturePlan } from '../../shared/contract/features.js';
import { db, queryAll as queryEvery, tableName } from '../platform/db.js';

/**
 * The catalogue: what can be bought and what things cost. Small, read-mostly, written by seed
 * or admin tooling.
 *
 *   CATALOG / PACKAGE#{id}                   credit package (name, credits_amount, active, order)
 *   COUNTRY#{countryId} / PRICE#PACKAGE#{id} its price in that country (minor units)
 *   CATALOG / RULE#{service_name}            consumption rule (credits per unit)
 *   CATALOG / FEATUREPLAN#{id}               premium feature plan
 *   CATALOG / CURRENCY#{code}                credits per unit of a currency
 *   CATALOG / PLAN#{id}                      subscription plan (credits a month, features)
 *   COUNTRY#{countryId} / PRICE#PLAN#{id}    its monthly price in that country (+ Stripe price id)
 */
const CATALOG = 'CATALOG';

export interface PackageItem {
  id: string;
  name: string;
  description: string;
  credits_amount: number;
  is_active: boolean;
  sort_order: number;
}

export interface PackagePriceItem {
  package_id: string;
  country_id: string;
  price: number;
  currency_code: string;
  is_available: boolean;
  is_active: boolean;
}

export interface RuleItem extends ConsumptionRule {
  is_active: boolean;
}

export interface FeaturePlanItem extends FeaturePlan {
  is_active: boolean;
}

export interface CurrencyItem {
  currency_code: string;
  /** Decimal string, kept exact (see shared/rules/credits.ts parseRate). */
  credits_per_unit: string;
  is_active: boolean;
}

/** Every item of a partition under a sort-key prefix (all pages). Shared by the catalogue repos. */
export async function queryAll(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryEvery({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
  });
}

/** The item without its keys and entity tag. */
export function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return rest as T;
}

const toPackage = (p: PackageItem, price: PackagePriceItem): CreditPackage => ({
  id: p.id,
  name: p.name,
  description: p.description,
  credits_amount: p.credits_amount,
  price: price.price,
  currency_code: price.currency_code,
});

const sellable = (p: PackageItem | undefined, price: PackagePriceItem | undefined) =>
  !!p && !!price && p.is_active && price.is_active && price.is_available;

/** Packages on sale in a country (active package, active and available price), in display order. */
export async function listPackagesForCountry(countryId: string): Promise<CreditPackage[]> {
  const [packages, prices] = await Promise.all([
    queryAll(CATALOG, 'PACKAGE#'),
    queryAll(`COUNTRY#${countryId}`, 'PRICE#PACKAGE#'),
  ]);
  const priceOf = new Map(
    prices.map((i) => strip<PackagePriceItem>(i)).map((p) => [p.package_id, p] as const),
  );
  return packages
    .map((i) => strip<PackageItem>(i))
    .filter((p) => sellable(p, priceOf.get(p.id)))
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((p) => toPackage(p, priceOf.get(p.id) as PackagePriceItem));
}

/** One package at its price in a country, or undefined when it is not on sale there. */
export async function findPackageForCountry(
  packageId: string,
  countryId: string,
): Promise<CreditPackage | undefined> {
  const res = await db().send(
    new BatchGetCommand({
      RequestItems: {
        [tableName()]: {
          Keys: [
            { pk: CATALOG, sk: `PACKAGE#${packageId}` },
            { pk: `COUNTRY#${countryId}`, sk: `PRICE#PACKAGE#${packageId}` },
          ],
        },
      },
    }),
  );
  const items = res.Responses?.[tableName()] ?? [];
  const pkg = items.find((i) => i.pk === CATALOG);
  const price = items.find((i) => i.pk !== CATALOG);
  const p = pkg ? strip<PackageItem>(pkg) : undefined;
  const pr = price ? strip<PackagePriceItem>(price) : undefined;
  return p && pr && sellable(p, pr) ? toPackage(p, pr) : undefined;
}

/**
 * An item written before the availability flag existed reads as not available (issue 21): a
 * stale catalogue never sells something by default.
 */
const toRule = ({ is_active: _a, ...rule }: RuleItem): ConsumptionRule => ({
  ...rule,
  available: rule.available === true,
});
const toFeaturePlan = ({ is_active: _a, ...plan }: FeaturePlanItem): FeaturePlan => ({
  ...plan,
  available: plan.available === true,
});

export async function listActiveRules(): Promise<ConsumptionRule[]> {
  return (await queryAll(CATALOG, 'RULE#'))
    .map((i) => strip<RuleItem>(i))
    .filter((r) => r.is_active)
    .sort((a, b) => a.service_name.localeCompare(b.service_name))
    .map(toRule);
}

export async function findActiveRule(serviceName: string): Promise<ConsumptionRule | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: CATALOG, sk: `RULE#${serviceName}` } }),
  );
  if (!res.Item) return undefined;
  const rule = strip<RuleItem>(res.Item);
  return rule.is_active ? toRule(rule) : undefined;
}

export async function listActiveFeaturePlans(): Promise<FeaturePlan[]> {
  return (await queryAll(CATALOG, 'FEATUREPLAN#'))
    .map((i) => strip<FeaturePlanItem>(i))
    .filter((p) => p.is_active)
    .sort((a, b) => a.sort_order - b.sort_order)
    .map(toFeaturePlan);
}

export async function findActiveFeaturePlan(id: string): Promise<FeaturePlan | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: CATALOG, sk: `FEATUREPLAN#${id}` } }),
  );
  if (!res.Item) return undefined;
  const plan = strip<FeaturePlanItem>(res.Item);
  return plan.is_active ? toFeaturePlan(plan) : undefined;
}

export async function findCurrency(code: string): Promise<CurrencyItem | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: CATALOG, sk: `CURRENCY#${code}` } }),
  );
  const item = res.Item ? strip<CurrencyItem>(res.Item) : undefined;
  return item?.is_active ? item : undefined;
}

// Writers (seed and admin tooling).

const put = (pk: string, sk: string, entity: string, body: object) =>
  db().send(new PutCommand({ TableName: tableName(), Item: { pk, sk, entity, ...body } }));

export const putPackage = (p: PackageItem) => put(CATALOG, `PACKAGE#${p.id}`, 'CreditPackage', p);
export const putPackagePrice = (p: PackagePriceItem) =>
  put(`COUNTRY#${p.country_id}`, `PRICE#PACKAGE#${p.package_id}`, 'CreditPackagePrice', p);
export const putRule = (r: RuleItem) =>
  put(CATALOG, `RULE#${r.service_name}`, 'ConsumptionRule', r);
export const putFeaturePlan = (p: FeaturePlanItem) =>
  put(CATALOG, `FEATUREPLAN#${p.id}`, 'FeaturePlan', p);
export const putCurrency = (c: CurrencyItem) =>
  put(CATALOG, `CURRENCY#${c.currency_code}`, 'CreditCurrency', c);

export interface PlanItem {
  id: string;
  name: string;
  description: string;
  interval: 'month' | 'year';
  interval_count: number;
  credits_per_month: number;
  features: string[];
  is_active: boolean;
  sort_order: number;
}

export interface PlanPriceItem {
  plan_id: string;
  country_id: string;
  price: number;
  currency_code: string;
  /** The card provider's price identifier (used by the subscription checkout, later). */
  provider_price_id: string | null;
  is_active: boolean;
}

/** Active plans with an active price in a country, in display order. */
export async function listPlansForCountry(countryId: string): Promise<SubscriptionPlan[]> {
  const [plans, prices] = await Promise.all([
    queryAll(CATALOG, 'PLAN#'),
    queryAll(`COUNTRY#${countryId}`, 'PRICE#PLAN#'),
  ]);
  const priceOf = new Map(
    prices.map((i) => strip<PlanPriceItem>(i)).map((p) => [p.plan_id, p] as const),
  );
  return plans
    .map((i) => strip<PlanItem>(i))
    .filter((p) => p.is_active && priceOf.get(p.id)?.is_active)
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((p) => {
      const price = priceOf.get(p.id) as PlanPriceItem;
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        price: price.price,
        currency_code: price.currency_code,
        interval: p.interval,
        interval_count: p.interval_count,
        credits_per_month: p.credits_per_month,
        features: p.features,
        sort_order: p.sort_order,
      };
    });
}

export const putPlan = (p: PlanItem) => put(CATALOG, `PLAN#${p.id}`, 'SubscriptionPlan', p);
export const putPlanPrice = (p: PlanPriceItem) =>
  put(`COUNTRY#${p.country_id}`, `PRICE#PLAN#${p.plan_id}`, 'SubscriptionPlanPrice', p);

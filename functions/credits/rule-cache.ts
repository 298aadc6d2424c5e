import type { ConsumptionRule } from '../../shared/contract/credits.js';
import { findActiveRule } from '../catalog/repo.js';

/**
 * Consumption rules, cached per container for a minute: a spend would otherwise pay one
 * DynamoDB round trip for a catalogue item that changes a few times a year. An admin's change
 * (price, switched off) reaches every container within RULE_CACHE_SECONDS.
 */
export const RULE_CACHE_SECONDS = 60;

const cache = new Map<string, { rule: ConsumptionRule | undefined; until: number }>();

export async function cachedActiveRule(
  serviceName: string,
  nowMs: number = Date.now(),
): Promise<ConsumptionRule | undefined> {
  const hit = cache.get(serviceName);
  if (hit && hit.until > nowMs) return hit.rule;
  const rule = await findActiveRule(serviceName);
  // Unknown names are not cached: the map stays bounded by the catalogue's own rules.
  if (rule) cache.set(serviceName, { rule, until: nowMs + RULE_CACHE_SECONDS * 1000 });
  else cache.delete(serviceName);
  return rule;
}

import { type NotaryCandidate, pickNotary, regionalPool } from '../../shared/rules/assignment.js';
import { getOrganization } from '../organizations/repo.js';
import { forEachConcurrently } from '../platform/concurrently.js';
import { getManyNotarySettings, listOffers, type NotarySettingsRecord } from './settings-repo.js';

/**
 * Who may take a new assignment of `service` for an order from `region` (null: unknown), and
 * the weighted choice among them (shared/rules/assignment.ts pickNotary). The notaries that
 * name the order's region come first, then those that take the whole country (regionalPool);
 * when none of them can, any notary offering the service in the country does, so an order
 * never waits for a region nobody covers. A deactivated organisation, inactive settings, a service no longer offered or a full
 * queue removes a notary; `exclude` removes those the order already had.
 */
export interface Choice {
  orgId: string;
  settings: NotarySettingsRecord;
  /** No notary covers the order's region: the choice was country-wide. */
  outsideRegion: boolean;
}

export async function chooseNotary(
  service: string,
  region: string | null,
  exclude: readonly string[],
  random: number,
): Promise<Choice | null> {
  const offers = (await listOffers(service)).filter((o) => o.active && !exclude.includes(o.org_id));
  if (!offers.length) return null;
  const settings = await getManyNotarySettings(offers.map((o) => o.org_id));
  const active = new Set<string>();
  await forEachConcurrently(offers, 8, async (o) => {
    if ((await getOrganization(o.org_id))?.is_active) active.add(o.org_id);
  });
  const able = offers.filter((o) => {
    const s = settings.get(o.org_id);
    return (
      active.has(o.org_id) &&
      s?.active === true &&
      s.services_offered.includes(service) &&
      s.open_assignments < s.max_open
    );
  });
  const { pool, outsideRegion } = regionalPool(
    able,
    (o) => settings.get(o.org_id)?.regions ?? [],
    region,
  );
  const candidates: NotaryCandidate[] = pool.map((o) => {
    const s = settings.get(o.org_id) as NotarySettingsRecord;
    return {
      id: o.org_id,
      weight: s.assignment_weight,
      open: s.open_assignments,
      maxOpen: s.max_open,
    };
  });
  const orgId = pickNotary(candidates, random);
  if (!orgId) return null;
  return {
    orgId,
    settings: settings.get(orgId) as NotarySettingsRecord,
    outsideRegion,
  };
}

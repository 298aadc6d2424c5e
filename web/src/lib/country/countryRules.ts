import type { Country } from '../../../../shared/contract/countries';

/** How long an IP detection result is trusted before asking again (spec §9: every 24 hours). */
export const GEO_RECHECK_MS = 24 * 60 * 60 * 1000;

export interface GeoDetection {
  code: string | null;
  /** Epoch milliseconds of the check. */
  checkedAt: number;
}

export function isGeoDetection(value: unknown): value is GeoDetection {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.code === null || (typeof v.code === 'string' && /^[A-Za-z]{2}$/.test(v.code))) &&
    typeof v.checkedAt === 'number' &&
    Number.isFinite(v.checkedAt)
  );
}

/** A stored detection is reused while younger than 24 h (and not from the future). */
export function isDetectionFresh(
  detection: GeoDetection | null,
  now: number,
): detection is GeoDetection {
  if (!detection) return false;
  const age = now - detection.checkedAt;
  return age >= 0 && age < GEO_RECHECK_MS;
}

export interface CountryInputs {
  /** Permanent favourite (`favorite_country_id`). */
  favorite: string | null;
  /** Last selected country (`selected_country_id`). */
  stored: string | null;
  /** ISO code from IP detection. */
  detected: string | null;
  countries: readonly Country[];
}

/**
 * Spec §4.5: permanent favourite, then last stored country, then IP detection. Ids that are no
 * longer among the active countries are skipped.
 */
export function resolveCountry({
  favorite,
  stored,
  detected,
  countries,
}: CountryInputs): Country | null {
  const byId = (id: string | null) => (id ? countries.find((c) => c.id === id) : undefined);
  const byCode = (code: string | null) =>
    code ? countries.find((c) => c.code.toUpperCase() === code.toUpperCase()) : undefined;
  return byId(favorite) ?? byId(stored) ?? byCode(detected) ?? null;
}

/**
 * Option text of the country selector: "Chile (CLP)". No flag emoji: Windows draws flags as
 * two letters, a system without a colour-emoji font draws empty boxes, and where there is one,
 * looking it up and loading it made the first layout of every screen a long task on a slow
 * phone (the selector is in the header).
 */
export function countryLabel(country: Pick<Country, 'name' | 'currency_code'>): string {
  return `${country.name} (${country.currency_code})`;
}

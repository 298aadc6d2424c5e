/**
 * localStorage access that never throws (private mode, disabled storage, quota): reads give
 * null and writes are dropped, so preferences simply do not persist.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: keep the in-memory state only.
  }
}

export function readJson<T>(key: string, guard: (value: unknown) => value is T): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keys of everything this app keeps in localStorage (besides the auth library's own). */
export const storageKeys = {
  theme: 'theme',
  favoriteCountry: 'favorite_country_id',
  selectedCountry: 'selected_country_id',
  geoDetection: 'geo_detection',
  sidebarCollapsed: 'sidebar_collapsed',
  /** Followed by the account's sub: the work context it last chose (lib/workContext.ts). */
  workContextPrefix: 'work_context:',
} as const;

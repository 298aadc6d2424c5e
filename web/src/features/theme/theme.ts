/** Pure theme rules (spec customer-flows §4.5, §9): light or dark, stored under `theme`. */
export type Theme = 'light' | 'dark';

export function parseStoredTheme(value: string | null | undefined): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** A stored choice wins; without one the system preference decides. */
export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

export function otherTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

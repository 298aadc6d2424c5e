import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';
import { otherTheme, parseStoredTheme, resolveTheme, type Theme } from './theme';

interface ThemeContextValue {
  theme: Theme;
  /** True when the user picked the theme (stored); false while following the system. */
  isExplicit: boolean;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<Theme | null>(() =>
    parseStoredTheme(readStorage(storageKeys.theme)),
  );
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  const theme = resolveTheme(stored, systemDark);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  // Follow later system changes only while no stored choice exists.
  useEffect(() => {
    if (stored !== null || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_QUERY);
    setSystemDark(media.matches);
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [stored]);

  // Another tab changed the stored theme.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.theme) setStored(parseStoredTheme(event.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((next: Theme) => {
    writeStorage(storageKeys.theme, next);
    setStored(next);
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({
      theme,
      isExplicit: stored !== null,
      setTheme,
      toggleTheme: () => setTheme(otherTheme(theme)),
    }),
    [theme, stored, setTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}

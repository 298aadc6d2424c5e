import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { es } from '../../../shared/messages.es';
import { GeoWarning } from '../features/country/GeoWarning';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileDrawer } from './MobileDrawer';
import { Sidebar } from './Sidebar';
import './layout.css';

const MOBILE_QUERY = '(max-width: 768px)';

/** Header + sidebar layout of every path except the bare ones (see app/paths.ts). */
export function AppLayout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(
    () => readStorage(storageKeys.sidebarCollapsed) === 'true',
  );
  // The drawer belongs to the location it was opened on: any navigation closes it.
  const [drawerFor, setDrawerFor] = useState<string | null>(null);
  const drawerOpen = drawerFor === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      writeStorage(storageKeys.sidebarCollapsed, String(!value));
      return !value;
    });
  }, []);

  // Growing past the phone breakpoint closes the drawer (the sidebar is visible then).
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(MOBILE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (!event.matches) setDrawerFor(null);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  return (
    <div className={collapsed ? 'app app--collapsed' : 'app'}>
      <a className="skip-link" href="#main-content">
        {es.layout.skipToContent}
      </a>
      <Header
        menuOpen={drawerOpen}
        onOpenMenu={() => setDrawerFor(location.key)}
        menuButtonRef={menuButtonRef}
      />
      <div className="app__body">
        <aside className="app__sidebar" aria-label={es.layout.menu}>
          <Sidebar collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </aside>
        <div className="app__content">
          <main id="main-content" className="app__main" tabIndex={-1}>
            <GeoWarning />
            {children}
          </main>
          <Footer />
        </div>
      </div>
      {drawerOpen && <MobileDrawer onClose={() => setDrawerFor(null)} />}
    </div>
  );
}

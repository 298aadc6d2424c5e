import type { Ref } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { es } from '../../../shared/messages.es';
import { useRouteAccess } from '../app/useRouteAccess';
import { Icon, Logo } from '../components/layout-bits/icons';
import { CountrySelector } from '../features/country/CountrySelector';
import { useAuthModal } from '../lib/session/authModal';
import { useSession } from '../lib/session/session';
import { ContextSwitcher } from './ContextSwitcher';
import { NotificationBell } from './NotificationBell';
import { ThemeToggle } from './ThemeToggle';

interface HeaderProps {
  menuOpen: boolean;
  onOpenMenu(): void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

export function Header({ menuOpen, onOpenMenu, menuButtonRef }: HeaderProps) {
  const { status, user, signOut } = useSession();
  const authModal = useAuthModal();
  const access = useRouteAccess();
  const navigate = useNavigate();

  const logout = async () => {
    // Leave a signed-in-only page first (committed synchronously), so its guard does not ask
    // the user who just logged out to log in again.
    if (access !== 'public') await navigate('/', { flushSync: true });
    try {
      await signOut();
    } catch {
      // Sign-out errors are ignored (spec §7.1): the local session is gone either way.
    }
    toast.success(es.toast.loggedOut);
  };

  const name = user?.firstName.trim() || es.common.user;

  return (
    <header className="app-header">
      <div className="app-header__start">
        <button
          ref={menuButtonRef}
          type="button"
          className="lb-icon-btn app-header__menu"
          aria-label={es.layout.menu}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <Icon name="menu" />
        </button>
        <Link to="/" className="brand">
          <Logo size={32} />
          <span className="brand__name">{es.layout.brand}</span>
        </Link>
      </div>

      <div className="app-header__country">
        <CountrySelector />
      </div>

      <div className="app-header__end">
        <ThemeToggle />
        {status === 'signedIn' && user ? (
          <>
            <ContextSwitcher />
            <NotificationBell />
            <div className="user-chip">
              <span className="user-chip__avatar" aria-hidden="true">
                {name.charAt(0).toUpperCase()}
              </span>
              <span className="user-chip__text">
                <span className="user-chip__name">{name}</span>
                <span className="user-chip__email">{user.email}</span>
              </span>
            </div>
            <button type="button" className="lb-btn lb-btn--secondary lb-btn--sm" onClick={logout}>
              <Icon name="logOut" size={16} />
              {es.auth.logout}
            </button>
          </>
        ) : status === 'signedOut' ? (
          <>
            <button
              type="button"
              className="lb-btn lb-btn--ghost lb-btn--sm app-header__login"
              onClick={() => authModal.open('login')}
            >
              {es.auth.login}
            </button>
            <button
              type="button"
              className="lb-btn lb-btn--primary lb-btn--sm"
              onClick={() => authModal.open('register')}
            >
              {es.auth.register}
            </button>
          </>
        ) : (
          <span className="app-header__auth-placeholder" aria-hidden="true" />
        )}
      </div>
    </header>
  );
}

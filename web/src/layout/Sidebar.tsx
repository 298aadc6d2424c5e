import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { es } from '../../../shared/messages.es';
import { Icon } from '../components/layout-bits/icons';
import { useSession } from '../lib/session/session';
import { contextsQuery, contextValueOf } from '../lib/useContextSwitch';
import { useWorkContext } from '../lib/workContext';
import { type NavItem, type NavSection, navSectionsFor } from './navigation';

interface SidebarNavProps {
  /** Desktop rail mode: icons only, every link visible, no section toggles. */
  collapsed?: boolean;
  onNavigate?(): void;
}

export function SidebarNav({ collapsed = false, onNavigate }: SidebarNavProps) {
  const { status, user } = useSession();
  const signedIn = status === 'signedIn';
  const current = useWorkContext();
  // The switcher's own list (one cache): which kind of organisation the context is.
  const { data } = useQuery({ ...contextsQuery, enabled: signedIn });
  const inNotary = !!data?.contexts.some(
    (c) => c.type === 'notary' && contextValueOf(c) === current,
  );
  const sections = navSectionsFor({ signedIn, role: user?.role ?? null, inNotary });
  const [openState, setOpenState] = useState<Record<string, boolean>>({});
  const baseId = useId();

  const isOpen = (section: NavSection) => openState[section.id] ?? section.defaultOpen;

  return (
    <nav
      className={collapsed ? 'side-nav side-nav--collapsed' : 'side-nav'}
      aria-label={es.layout.mainNav}
    >
      {sections.map((section) => {
        if (section.label === null || collapsed) {
          return (
            <div key={section.id} className="side-nav__group">
              {collapsed && section.label !== null && <hr className="side-nav__rule" />}
              <LinkList items={section.items} collapsed={collapsed} onNavigate={onNavigate} />
            </div>
          );
        }
        const listId = `${baseId}-${section.id}`;
        const open = isOpen(section);
        return (
          <div key={section.id} className="side-nav__group">
            <button
              type="button"
              className="side-nav__section"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpenState((s) => ({ ...s, [section.id]: !open }))}
            >
              {section.icon && <Icon name={section.icon} size={18} />}
              <span className="side-nav__section-label">{section.label}</span>
              <Icon name="chevronDown" size={16} className="side-nav__chevron" />
            </button>
            <div id={listId} hidden={!open}>
              <LinkList items={section.items} collapsed={false} onNavigate={onNavigate} nested />
            </div>
          </div>
        );
      })}
    </nav>
  );
}

function LinkList({
  items,
  collapsed,
  nested = false,
  onNavigate,
}: {
  items: NavItem[];
  collapsed: boolean;
  nested?: boolean;
  onNavigate?(): void;
}) {
  return (
    <ul className={nested ? 'side-nav__list side-nav__list--nested' : 'side-nav__list'}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === '/'}
            className="side-nav__link"
            title={collapsed ? item.label : undefined}
            onClick={onNavigate}
          >
            <Icon name={item.icon} size={18} />
            <span className={collapsed ? 'visually-hidden' : 'side-nav__label'}>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Footer badges of the sidebar: system operational, SSL, support hours (shared/legal.ts). */
export function SidebarBadges({ collapsed = false }: { collapsed?: boolean }) {
  const badges = [
    { key: 'ok', label: es.layout.badgeOperational, icon: 'activity' as const, tone: 'success' },
    { key: 'ssl', label: es.layout.badgeSsl, icon: 'lock' as const, tone: 'info' },
    { key: 'support', label: es.layout.badgeSupport, icon: 'headset' as const, tone: 'accent' },
  ];
  return (
    <ul className={collapsed ? 'side-badges side-badges--collapsed' : 'side-badges'}>
      {badges.map((b) => (
        <li
          key={b.key}
          className={`side-badge side-badge--${b.tone}`}
          title={collapsed ? b.label : undefined}
        >
          {b.key === 'ok' ? (
            <span className="side-badge__dot" aria-hidden="true" />
          ) : (
            <Icon name={b.icon} size={16} />
          )}
          <span className={collapsed ? 'visually-hidden' : undefined}>{b.label}</span>
        </li>
      ))}
    </ul>
  );
}

interface SidebarProps {
  collapsed: boolean;
  onToggleCollapsed(): void;
}

/** Desktop sidebar (hidden at ≤ 768 px, where the drawer takes over). */
export function Sidebar({ collapsed, onToggleCollapsed }: SidebarProps) {
  const label = collapsed ? es.layout.expand : es.layout.collapse;
  return (
    <div className={collapsed ? 'sidebar sidebar--collapsed' : 'sidebar'}>
      <div className="sidebar__top">
        <button
          type="button"
          className="lb-icon-btn sidebar__collapse"
          aria-label={label}
          title={label}
          onClick={onToggleCollapsed}
        >
          <Icon name={collapsed ? 'chevronsRight' : 'chevronsLeft'} size={18} />
        </button>
      </div>
      <SidebarNav collapsed={collapsed} />
      <SidebarBadges collapsed={collapsed} />
    </div>
  );
}

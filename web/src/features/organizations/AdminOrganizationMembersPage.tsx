import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { AdminOrganizationCard } from '../../../../shared/contract/organizations';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import type { ApiResponse } from '../../lib/api';
import type { MembersBackState } from './AdminOrganizationCard';
import { MembersPanel } from './MembersPanel';
import { adminListQuery, adminOrganizationsKey } from './organizationQueries';
import '../../styles/status-badge.css';
import './organizations.css';

/**
 * The organisation as the freshest list in the cache shows it (the screen the admin came from;
 * a list left behind may predate an edit).
 */
function cachedCard(queryClient: QueryClient, id: string): AdminOrganizationCard | undefined {
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: [...adminOrganizationsKey, 'list'] })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const query of lists) {
    const data = query.state.data as ApiResponse<'listAdminOrganizations'> | undefined;
    const card = data?.organizations.find((o) => o.id === id);
    if (card) return card;
  }
  return undefined;
}

/**
 * /admin/organization/{id}/members (linked from screen 17's 'Miembros'): the organisation's
 * members and pending invitations through the admin routes, in the same panel its owners use
 * (MembersPanel, `mode` admin): invite with any role, owner included (how an organisation the
 * admin created gets its owner), and 'Quitar'. The name comes from the list the admin came from,
 * else from the whole list; the panel works with the id alone meanwhile.
 */
export function AdminOrganizationMembersPage() {
  const t = es.organizations;
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const back = (useLocation().state as Partial<MembersBackState> | null)?.list ?? '';
  const cached = cachedCard(queryClient, id);
  const all = useQuery({ ...adminListQuery({ q: '', type: 'all' }), enabled: !cached });
  const org = cached ?? all.data?.organizations.find((o) => o.id === id);
  const title = org?.name ?? es.pages.organizationMembersTitle;
  return (
    <div className="page admin-org-members">
      <title>{`${es.pages.organizationMembersTitle} · ${title} · ${es.layout.brand}`}</title>
      <Link
        to={`/admin/organizations${back.startsWith('?') ? back : ''}`}
        className="admin-org-members__back"
      >
        <Icon name="chevronLeft" size={16} />
        {t.backToOrganizations}
      </Link>
      <header className="org-header">
        <div>
          <h1>{title}</h1>
          <p className="org-header__meta">
            {org ? (
              <>
                <span className="status-badge status-badge--info">{t.types[org.type]}</span>
                {org.is_active ? null : (
                  <span className="status-badge status-badge--muted">{t.inactive}</span>
                )}
                {org.email ? <span>{org.email}</span> : null}
              </>
            ) : (
              <span>{fmt(t.organizationIdLabel, { id })}</span>
            )}
          </p>
          <p className="org-header__intro">{t.adminMembersIntro}</p>
        </div>
      </header>
      <MembersPanel mode="admin" organizationId={id} active={org?.is_active} />
    </div>
  );
}

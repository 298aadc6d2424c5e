import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import type { AdminOrganizationCard as Card } from '../../../../shared/contract/organizations';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import {
  ORGANIZATION_SEARCH_MAX,
  ORGANIZATION_TYPE_FILTERS,
} from '../../../../shared/rules/admin-organizations';
import { QueryState } from '../../components/credit-screens/QueryState';
import { Icon } from '../../components/layout-bits/icons';
import { StatTiles } from '../../components/stat-tiles/StatTiles';
import { Button, SelectField, Spinner, TextField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail, errorWithDetail } from '../../lib/apiErrorDetail';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { AdminOrganizationCard } from './AdminOrganizationCard';
import { ADMIN_SEARCH_DEBOUNCE_MS, filtersOf, typeFilterOf, withFilters } from './adminFilters';
import { OrganizationFormModal, type OrganizationFormTarget } from './OrganizationFormModal';
import { adminListQuery, adminOrganizationsKey } from './organizationQueries';
import '../../styles/status-badge.css';
import './organizations.css';

/**
 * /admin/organizations (credits-signing-admin §2 screen 17, §5, §8, §9): the platform's totals,
 * a search by name or e-mail and a type filter (both in the address: `?q=&type=`), and a card
 * per organisation that matches, newest first. 'Nueva organización' and 'Editar' open the form
 * modal; 'Eliminar' asks first, then deactivates (the card stays, marked 'Inactiva').
 */
export function AdminOrganizationsPage() {
  const t = es.organizations;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.q);
  const debounced = useDebouncedValue(search, ADMIN_SEARCH_DEBOUNCE_MS);
  const [form, setForm] = useState<OrganizationFormTarget | null>(null);

  // The search goes to the address once typing pauses (replacing the entry: no history step
  // per word); the list follows the address.
  const lastSearch = useRef(debounced);
  useEffect(() => {
    if (debounced === lastSearch.current) return;
    lastSearch.current = debounced;
    setParams((old) => withFilters(old, { q: debounced }), { replace: true });
  }, [debounced, setParams]);

  const list = useQuery({ ...adminListQuery(filters), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminOrganizationsKey });

  const deactivate = useMutation({
    mutationFn: (org: Card) => apiCall('deactivateAdminOrganization', { params: { id: org.id } }),
    onSuccess: () => toast.success(t.deactivated),
    onError: (err) => toast.error(errorWithDetail(t.deleteError, apiErrorDetail(err))),
    onSettled: refresh,
  });
  const confirmDelete = (org: Card) => {
    if (window.confirm(t.deleteConfirm)) deactivate.mutate(org);
  };

  const totals = list.data?.totals;
  const filtered = filters.q !== '' || filters.type !== 'all';
  const count = (n: number | undefined) => n?.toLocaleString('es-CL');
  return (
    <div className="page admin-orgs">
      <title>{`${es.nav.organizations} · ${es.layout.brand}`}</title>
      <header className="org-header">
        <div>
          <h1>{es.nav.organizations}</h1>
          <p className="org-header__meta">{t.adminIntro}</p>
        </div>
        <div className="org-header__actions">
          <Button icon={<Icon name="plus" size={18} />} onClick={() => setForm({ mode: 'create' })}>
            {t.newOrganization}
          </Button>
        </div>
      </header>

      <StatTiles
        label={t.totalsLabel}
        tiles={[
          { label: t.totalAll, icon: 'building', value: count(totals?.total), emphasis: true },
          { label: t.totalCompanies, icon: 'users', value: count(totals?.companies) },
          { label: t.totalNotaries, icon: 'stamp', value: count(totals?.notaries) },
          {
            label: t.totalActive,
            icon: 'check',
            value: count(totals?.active),
            tone: 'success',
          },
        ]}
      />

      <search className="admin-orgs__filters">
        <TextField
          type="search"
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={search}
          maxLength={ORGANIZATION_SEARCH_MAX}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
          className="admin-orgs__search"
          endAdornment={<Icon name="search" size={18} />}
        />
        <SelectField
          label={t.typeFilterLabel}
          value={filters.type}
          onChange={(e) =>
            setParams((old) => withFilters(old, { type: typeFilterOf(e.target.value) }), {
              replace: true,
            })
          }
          className="admin-orgs__type"
        >
          {ORGANIZATION_TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {t.typeFilters[type]}
            </option>
          ))}
        </SelectField>
      </search>

      <QueryState
        query={list}
        errorText={t.listError}
        emptyText={filtered ? t.listEmptyFiltered : t.listEmpty}
        isEmpty={(data) => data.organizations.length === 0}
      >
        {(data) => (
          <>
            <p className="admin-orgs__count" aria-live="polite">
              {data.organizations.length === 1
                ? t.resultsCountOne
                : fmt(t.resultsCount, { n: count(data.organizations.length) ?? '' })}
              {list.isFetching ? <Spinner size={14} /> : null}
            </p>
            <ul className="admin-orgs__grid" aria-busy={list.isFetching || undefined}>
              {data.organizations.map((org) => (
                <li key={org.id}>
                  <AdminOrganizationCard
                    organization={org}
                    deleting={deactivate.isPending && deactivate.variables?.id === org.id}
                    onEdit={() => setForm({ mode: 'edit', organization: org })}
                    onDelete={() => confirmDelete(org)}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>

      <OrganizationFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={(_organization, mode) => {
          setForm(null);
          toast.success(mode === 'create' ? t.created : t.updated);
          void refresh();
        }}
      />
    </div>
  );
}

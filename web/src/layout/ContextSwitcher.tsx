import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { Organization, WorkContext } from '../../../shared/contract/organizations';
import { organizationContextValue, PERSONAL_CONTEXT } from '../../../shared/contract/work-context';
import { fmt } from '../../../shared/messages/fmt';
import { es } from '../../../shared/messages.es';
import { Icon } from '../components/layout-bits/icons';
import { usePopover } from '../components/popover/usePopover';
import { apiCall } from '../lib/api';
import { contextsQueryKey } from '../lib/queryKeys';
import { contextsQuery, contextValueOf, useContextSwitch } from '../lib/useContextSwitch';
import { walletQueryKey } from '../lib/wallet/useWallet';
import { switchWorkContext } from '../lib/workContext';

const CreateOrganizationModal = lazy(() =>
  import('../features/organizations/CreateOrganizationModal').then((m) => ({
    default: m.CreateOrganizationModal,
  })),
);

// Read when called, never at module load: core imports this chunk (frame) back, so `es` may
// not be initialised yet when this module runs (web/vite.config.ts, manualChunks).
const credits = (n: number) => fmt(es.organizations.balance, { n: n.toLocaleString('es-CL') });

/**
 * The header's context switcher (customer-flows §2.2): Personal and each organisation the user
 * is an active member of, each with its own balance, and 'Crear Organización'. A switch is
 * checked against a fresh list first ('Error al cambiar de contexto' otherwise); then every
 * screen's data is read again in the new context.
 */
export function ContextSwitcher() {
  const t = es.organizations;
  const queryClient = useQueryClient();
  const { current, switching, switchTo: switchContext } = useContextSwitch();
  const popover = usePopover();
  const [creating, setCreating] = useState(false);
  const { data } = useQuery(contextsQuery);
  // The wallet as the credit screens last read it (no request of its own): a purchase or a
  // spend there shows here at once, without reading the whole list again.
  const { data: wallet } = useQuery({
    queryKey: walletQueryKey,
    queryFn: ({ signal }) => apiCall('getWallet', { signal }),
    enabled: false,
  });
  const contexts = data?.contexts ?? [];
  const active = contexts.find((c) => contextValueOf(c) === current);
  const balanceOf = (c: WorkContext) => (c === active && wallet ? wallet.balance : c.balance);

  // A membership ended elsewhere (removed, organisation deactivated): back to Personal.
  useEffect(() => {
    if (data && current !== PERSONAL_CONTEXT && !active) {
      toast.error(t.contextLost);
      void switchWorkContext(queryClient, PERSONAL_CONTEXT);
    }
  }, [data, current, active, queryClient]);

  const switchTo = async (value: string) => {
    popover.close();
    await switchContext(value);
  };

  const onCreated = async (organization: Organization) => {
    setCreating(false);
    toast.success(t.created);
    await queryClient.invalidateQueries({ queryKey: contextsQueryKey });
    await switchTo(organizationContextValue(organization.id));
  };

  const label = active?.name ?? t.personal;
  return (
    <div className="popover-anchor context-switcher" ref={popover.rootRef}>
      <button
        type="button"
        className="context-switcher__button"
        aria-haspopup="true"
        aria-label={`${t.switcherLabel}: ${label}`}
        disabled={switching}
        {...popover.buttonProps}
      >
        <Icon name={active?.organization_id ? 'building' : 'user'} size={16} />
        <span className="context-switcher__name">{switching ? es.common.switching : label}</span>
        {active ? (
          <span className="context-switcher__balance">{credits(balanceOf(active))}</span>
        ) : null}
        <Icon name="chevronDown" size={14} />
      </button>
      {popover.open && (
        <section
          id={popover.id}
          className="popover context-switcher__menu"
          aria-label={t.switcherLabel}
        >
          <p className="popover__title">{t.switcherLabel}</p>
          <p className="context-switcher__hint">{t.switcherHint}</p>
          <ul className="context-switcher__list">
            {contexts.map((c) => {
              const value = contextValueOf(c);
              return (
                <li key={value}>
                  <button
                    type="button"
                    className="context-switcher__option"
                    aria-current={value === current ? 'true' : undefined}
                    onClick={() => void switchTo(value)}
                  >
                    <Icon name={c.organization_id ? 'building' : 'user'} size={16} />
                    <span className="context-switcher__option-text">
                      <span className="context-switcher__option-name">{c.name}</span>
                      <span className="context-switcher__option-meta">
                        {c.type ? `${t.types[c.type]} · ${c.role ? t.roles[c.role] : ''}` : ''}
                      </span>
                    </span>
                    <span className="context-switcher__balance">{credits(balanceOf(c))}</span>
                    {value === current ? <Icon name="check" size={16} /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="lb-btn lb-btn--secondary lb-btn--sm context-switcher__create"
            onClick={() => {
              popover.close();
              setCreating(true);
            }}
          >
            <Icon name="plus" size={16} />
            {t.createAction}
          </button>
        </section>
      )}
      {creating ? (
        <Suspense fallback={null}>
          <CreateOrganizationModal
            open
            onClose={() => setCreating(false)}
            onCreated={(org) => void onCreated(org)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

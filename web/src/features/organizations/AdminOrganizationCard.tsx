import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { AdminOrganizationCard as Card } from '../../../../shared/contract/organizations';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { FactList } from '../../components/facts/FactList';
import { Icon } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';

/** What the members screen is given to go back to the list as it was (`?q=&type=`). */
export interface MembersBackState {
  list: string;
}

/**
 * One organisation of the admin's screen (credits-signing-admin §2 screen 17): name, type and
 * state, contact, the figures (members, credits, documents received and processed), up to five
 * member chips then '+N más' (§9; the server picks them, owners first), the notary's settings
 * link, and the actions Editar, Miembros, Billing, Analytics and Eliminar.
 */
export function AdminOrganizationCard({
  organization: org,
  deleting,
  onEdit,
  onDelete,
}: {
  organization: Card;
  /** This card's 'Eliminar' is on its way. */
  deleting: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const t = es.organizations;
  const titleId = useId();
  // The members screen's way back keeps this list's search and filter.
  const backTo: MembersBackState = { list: useLocation().search };
  const count = (n: number) => n.toLocaleString('es-CL');
  const contact = [org.email, org.phone].filter(Boolean).join(' · ');
  return (
    <article
      className={`ui-card ui-card--pad-md admin-org-card${org.is_active ? '' : ' admin-org-card--inactive'}`}
      aria-labelledby={titleId}
    >
      <header className="admin-org-card__head">
        <h2 id={titleId} className="admin-org-card__name">
          {org.name}
        </h2>
        <p className="admin-org-card__badges">
          <span
            className={`status-badge ${org.type === 'notary' ? 'status-badge--success' : 'status-badge--info'}`}
          >
            {t.types[org.type]}
          </span>
          {org.is_active ? null : (
            <span className="status-badge status-badge--muted">{t.inactive}</span>
          )}
        </p>
        {contact ? <p className="admin-org-card__contact">{contact}</p> : null}
        {org.address ? <p className="admin-org-card__contact">{org.address}</p> : null}
      </header>

      <FactList
        layout="grid"
        className="admin-org-card__facts"
        facts={[
          { label: t.cardMembers, value: count(org.members_count) },
          { label: t.cardCredits, value: formatCredits(org.credits) },
          { label: t.cardReceived, value: count(org.documents_received) },
          { label: t.cardProcessed, value: count(org.documents_processed) },
        ]}
      />

      {org.member_chips.length ? (
        <ul
          className="admin-org-card__chips"
          aria-label={fmt(t.cardMemberChips, { organization: org.name })}
        >
          {org.member_chips.map((chip) => (
            <li key={chip.email} className="member-chip" title={chip.email}>
              <span className="member-chip__name">{chip.name || chip.email}</span>
              <span className="member-chip__role">{t.roles[chip.role]}</span>
            </li>
          ))}
          {org.more_members > 0 ? (
            <li className="member-chip member-chip--more">
              {fmt(t.moreMembers, { n: org.more_members })}
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="admin-org-card__none">{t.noMembers}</p>
      )}

      {org.type === 'notary' ? (
        <Link to={`/admin/notary/${org.id}/settings`} className="admin-org-card__settings">
          <Icon name="settings" size={16} />
          {t.notarySettings}
        </Link>
      ) : null}

      <div className="admin-org-card__links">
        <Link
          to={`/admin/organization/${org.id}/members`}
          state={backTo}
          className="lb-btn lb-btn--secondary lb-btn--sm"
        >
          <Icon name="users" size={16} />
          {t.membersAction}
        </Link>
        <Link
          to={`/billing?organization=${encodeURIComponent(org.id)}`}
          className="lb-btn lb-btn--secondary lb-btn--sm"
        >
          <Icon name="creditCard" size={16} />
          {t.billingAction}
        </Link>
        <Link
          to={`/analytics?organization=${encodeURIComponent(org.id)}`}
          className="lb-btn lb-btn--secondary lb-btn--sm"
        >
          <Icon name="trendingUp" size={16} />
          {t.analyticsAction}
        </Link>
      </div>

      <div className="admin-org-card__actions">
        <Button variant="secondary" size="sm" icon={<Icon name="pen" size={16} />} onClick={onEdit}>
          {t.editAction}
        </Button>
        <Button
          variant="danger"
          size="sm"
          icon={<Icon name="trash" size={16} />}
          loading={deleting}
          disabled={!org.is_active}
          onClick={onDelete}
        >
          {t.deleteAction}
        </Button>
      </div>
    </article>
  );
}

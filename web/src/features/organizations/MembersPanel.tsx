import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  Member,
  Organization,
  OrganizationDashboard,
} from '../../../../shared/contract/organizations';
import { PERSONAL_CONTEXT } from '../../../../shared/contract/work-context';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import {
  invitationRefusal,
  mayChangeRole,
  mayLeave,
  mayRemove,
  ORGANIZATION_ROLES,
  type OrganizationRole,
} from '../../../../shared/rules/organizations';
import { formatSantiagoDate } from '../../../../shared/rules/santiago-time';
import { Alert, Button, Card, SelectField, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail } from '../../lib/apiErrorDetail';
import { contextsQueryKey } from '../../lib/queryKeys';
import { useSession } from '../../lib/session/session';
import { switchWorkContext } from '../../lib/workContext';
import { InviteMemberForm } from './InviteMemberForm';
import '../../styles/status-badge.css';
import { MEMBERS_ROUTES, membersKeysOf } from './organizationQueries';

/**
 * Who is looking: an organisation's own people (`member`, the default: their role decides the
 * controls) or the platform admin (`admin`, the members screen of /admin/organizations).
 */
export type MembersPanelProps =
  | { mode?: 'member'; organization: Organization; role: OrganizationDashboard['role'] }
  | {
      mode: 'admin';
      organizationId: string;
      /** False for a deactivated organisation: no invitations (the server refuses them). */
      active?: boolean;
    };

/**
 * An organisation's members (issue 22): everyone sees the active members and the pending
 * invitations; owners and admins also invite, change roles and remove (the buttons follow the
 * same rules the server applies, shared/rules/organizations.ts); anyone but the last owner may
 * leave. Every refusal the server gives is shown as it says it.
 *
 * The platform admin sees the same panel through the admin routes (MEMBERS_ROUTES) with an
 * owner's powers over invitations and removals, but changes no role and leaves nothing: the
 * admin is nobody's membership (the server applies the owner's rules to them, the last owner
 * included).
 */
export function MembersPanel(props: MembersPanelProps) {
  const t = es.organizations;
  const queryClient = useQueryClient();
  const mode = props.mode ?? 'member';
  const admin = props.mode === 'admin';
  const id = admin ? props.organizationId : props.organization.id;
  const role: OrganizationRole = admin ? 'owner' : props.role;
  const routes = MEMBERS_ROUTES[mode];
  const keys = membersKeysOf(mode, id);
  const me = useSession().user?.sub;
  const members = useQuery({
    queryKey: keys.members,
    queryFn: ({ signal }) => apiCall(routes.list, { params: { id }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.refresh });
  const owners = members.data?.members.filter((m) => m.role === 'owner').length ?? 0;
  const canInvite =
    invitationRefusal(role, 'member') === undefined && !(admin && props.active === false);

  const changeRole = useMutation({
    mutationFn: (p: { member: Member; role: OrganizationRole }) =>
      apiCall('changeOrganizationMemberRole', {
        params: { id, sub: p.member.sub },
        body: { role: p.role },
      }),
    onSuccess: () => toast.success(t.roleChanged),
    onError: (err) => toast.error(apiErrorDetail(err) ?? t.roleChangeError),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (member: Member) => apiCall(routes.remove, { params: { id, sub: member.sub } }),
    onSuccess: (_answer, member) => toast.success(fmt(t.removed, { name: member.name })),
    onError: (err) => toast.error(apiErrorDetail(err) ?? t.removeError),
    onSettled: refresh,
  });
  const organizationName = admin ? '' : props.organization.name;
  const leave = useMutation({
    mutationFn: () => apiCall('leaveOrganization', { params: { id } }),
    onSuccess: async () => {
      toast.success(fmt(t.left, { organization: organizationName }));
      await queryClient.invalidateQueries({ queryKey: contextsQueryKey });
      await switchWorkContext(queryClient, PERSONAL_CONTEXT);
    },
    onError: (err) => toast.error(apiErrorDetail(err) ?? t.leaveError),
  });

  const confirmRemove = (member: Member) => {
    if (window.confirm(fmt(t.removeConfirm, { name: member.name || member.email }))) {
      remove.mutate(member);
    }
  };
  const confirmLeave = () => {
    if (window.confirm(fmt(t.leaveConfirm, { organization: organizationName }))) leave.mutate();
  };

  return (
    <section className="org-members" aria-labelledby="org-members-title">
      <div className="org-members__head">
        <h2 id="org-members-title">{t.membersTitle}</h2>
        {!admin && members.data && mayLeave(role, owners) ? (
          <Button variant="ghost" size="sm" loading={leave.isPending} onClick={confirmLeave}>
            {t.leaveAction}
          </Button>
        ) : null}
      </div>
      {members.isPending ? <Spinner label={es.common.loading} /> : null}
      {members.isError ? <Alert tone="error">{t.membersError}</Alert> : null}
      {members.data && members.data.members.length === 0 ? (
        <p className="org-members__detail">{t.membersEmpty}</p>
      ) : null}
      {members.data?.members.length ? (
        <ul className="org-members__list">
          {members.data.members.map((member) => {
            // The admin is nobody's membership: never "self", and changes no role.
            const self = !admin && member.sub === me;
            const offered = admin
              ? []
              : ORGANIZATION_ROLES.filter(
                  (to) =>
                    to === member.role ||
                    mayChangeRole({ actor: role, self, from: member.role, to, owners }),
                );
            const removable = mayRemove({ actor: role, self, target: member.role });
            return (
              <li key={member.sub}>
                <Card className="org-members__member">
                  <div className="org-members__who">
                    <strong>
                      {member.name || member.email} {self ? t.you : null}
                    </strong>
                    <span className="org-members__detail">{member.email}</span>
                    <span className="org-members__detail">
                      {fmt(t.memberSince, { date: formatSantiagoDate(member.joined_at) })}
                    </span>
                  </div>
                  <div className="org-members__controls">
                    {offered.length > 1 ? (
                      <SelectField
                        label={fmt(t.roleOf, { name: member.name || member.email })}
                        hideLabel
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(e) =>
                          changeRole.mutate({
                            member,
                            role: e.target.value as OrganizationRole,
                          })
                        }
                      >
                        {offered.map((r) => (
                          <option key={r} value={r}>
                            {t.roles[r]}
                          </option>
                        ))}
                      </SelectField>
                    ) : (
                      <span className="status-badge status-badge--info">
                        {t.roles[member.role]}
                      </span>
                    )}
                    {removable ? (
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={remove.isPending}
                        onClick={() => confirmRemove(member)}
                      >
                        {t.removeAction}
                      </Button>
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      ) : null}
      {members.data?.invitations.length ? (
        <>
          <h3>{t.invitationsTitle}</h3>
          <ul className="org-members__list">
            {members.data.invitations.map((inv) => (
              <li key={inv.email} className="org-members__invitation">
                <span>{inv.email}</span>
                <span className="status-badge status-badge--info">{t.roles[inv.role]}</span>
                <span className="org-members__detail">
                  {fmt(t.invitationExpires, { date: formatSantiagoDate(inv.expires_at) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {canInvite ? (
        <InviteMemberForm mode={mode} organizationId={id} role={role} onInvited={refresh} />
      ) : admin && props.active === false ? (
        <Alert tone="info">{t.inactiveNoInvites}</Alert>
      ) : null}
    </section>
  );
}

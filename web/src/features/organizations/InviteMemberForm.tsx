import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type * as z from 'zod/mini';
import { inviteMemberRequest } from '../../../../shared/contract/organizations';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import {
  invitationRefusal,
  ORGANIZATION_ROLES,
  type OrganizationRole,
} from '../../../../shared/rules/organizations';
import { Alert, Button, SelectField, TextField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { splitFieldErrors } from '../../lib/fieldErrors';
import { keepKeyAfter, newIdempotencyKey } from '../../lib/idempotency';
import { MEMBERS_ROUTES, type MembersMode } from './organizationQueries';
import '../../styles/form-panel.css';

const FIELDS = ['email', 'role'] as const;

/**
 * 'Invitar a un miembro' (owners and admins): an address and a role, checked with the server's
 * schema; the roles offered are those the inviter may give (an owner only by an owner). One
 * idempotency key per attempt: a double click sends one invitation and one mail. The platform
 * admin (`mode` 'admin') invites through the admin route with an owner's choice of roles.
 */
export function InviteMemberForm({
  mode = 'member',
  organizationId,
  role,
  onInvited,
}: {
  mode?: MembersMode;
  organizationId: string;
  role: OrganizationRole;
  onInvited(): void;
}) {
  const t = es.organizations;
  const [error, setError] = useState<string | null>(null);
  const roles = ORGANIZATION_ROLES.filter((r) => invitationRefusal(role, r) === undefined);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof inviteMemberRequest>, unknown, z.output<typeof inviteMemberRequest>>({
    resolver: zodResolver(inviteMemberRequest),
    defaultValues: { email: '', role: 'member', idempotency_key: newIdempotencyKey() },
  });

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      await apiCall(MEMBERS_ROUTES[mode].invite, { params: { id: organizationId }, body });
      toast.success(fmt(t.invited, { email: body.email }));
      reset({ email: '', role: body.role, idempotency_key: newIdempotencyKey() });
      onInvited();
    } catch (err) {
      if (!keepKeyAfter(err)) setValue('idempotency_key', newIdempotencyKey());
      const { fields, other } = splitFieldErrors(err, FIELDS);
      for (const name of FIELDS) {
        const message = fields[name];
        if (message) setFieldError(name, { type: 'server', message });
      }
      const message = err instanceof Error && !Object.keys(fields).length ? err.message : '';
      if (message || other.length) setError([message, ...other].filter(Boolean).join('. '));
      else if (!Object.keys(fields).length) setError(t.inviteError);
    }
  });

  return (
    <form className="form-panel org-invite" onSubmit={onSubmit} noValidate>
      <h3>{t.inviteTitle}</h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form-panel__fields">
        <TextField
          label={t.inviteEmailLabel}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label={t.roleLabel} error={errors.role?.message} {...register('role')}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {t.roles[r]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={isSubmitting} loadingLabel={t.inviting}>
          {t.inviteAction}
        </Button>
      </div>
    </form>
  );
}

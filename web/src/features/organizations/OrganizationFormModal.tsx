import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  adminCreateOrganizationRequest,
  adminUpdateOrganizationRequest,
  type Organization,
} from '../../../../shared/contract/organizations';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { ORGANIZATION_NAME_MAX, ORGANIZATION_TYPES } from '../../../../shared/rules/organizations';
import { formatSantiagoDate } from '../../../../shared/rules/santiago-time';
import { Alert, Button, Modal, SelectField, TextField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { splitFieldErrors } from '../../lib/fieldErrors';
import { keepKeyAfter, newIdempotencyKey } from '../../lib/idempotency';

const FIELDS = ['name', 'type', 'email', 'phone', 'address'] as const;

type CreateInput = z.input<typeof adminCreateOrganizationRequest>;
type CreateBody = z.output<typeof adminCreateOrganizationRequest>;
type UpdateBody = z.output<typeof adminUpdateOrganizationRequest>;
/** The form's values: the create request's; an edit leaves the type and the key out. */
type FormInput = Partial<Pick<CreateInput, 'type' | 'idempotency_key'>> &
  Omit<CreateInput, 'type' | 'idempotency_key'>;

export type OrganizationFormTarget =
  | { mode: 'create' }
  | { mode: 'edit'; organization: Organization };

export interface OrganizationFormModalProps {
  /** What the modal is open for; null when it is closed. */
  target: OrganizationFormTarget | null;
  onClose(): void;
  /** The organisation as the server answered the create or the edit. */
  onSaved(organization: Organization, mode: OrganizationFormTarget['mode']): void;
}

/**
 * The admin's 'Nueva organización' and 'Editar' (credits-signing-admin §2 screen 17, §5): one
 * form, checked with the server's own schemas. A new organisation needs a name and a type
 * (e-mail, phone and address optional) and its 'Crear' stays disabled while the name is empty or
 * the request is on its way; an edit changes name, e-mail, phone and address (an emptied field is
 * cleared), never the type. One idempotency key per create attempt, as 'Crear Organización'.
 */
export function OrganizationFormModal({ target, onClose, onSaved }: OrganizationFormModalProps) {
  const t = es.organizations;
  const editing = target?.mode === 'edit' ? target.organization : null;
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={editing ? t.editTitle : t.newOrganization}
      description={
        editing
          ? fmt(t.editIntro, {
              type: t.types[editing.type],
              date: formatSantiagoDate(editing.created_at),
            })
          : t.adminCreateIntro
      }
      size="sm"
    >
      {/* Mounted while open only: each opening starts from the organisation as it is now. */}
      {target ? <OrganizationForm target={target} onCancel={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function OrganizationForm({
  target,
  onCancel,
  onSaved,
}: {
  target: OrganizationFormTarget;
  onCancel(): void;
  onSaved: OrganizationFormModalProps['onSaved'];
}) {
  const t = es.organizations;
  const editing = target.mode === 'edit' ? target.organization : null;
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, CreateBody | UpdateBody>({
    // An edit's values carry no type nor key: the update schema is strict about both.
    resolver: (editing
      ? zodResolver(adminUpdateOrganizationRequest)
      : zodResolver(adminCreateOrganizationRequest)) as Resolver<
      FormInput,
      unknown,
      CreateBody | UpdateBody
    >,
    defaultValues: editing
      ? {
          name: editing.name,
          email: editing.email ?? '',
          phone: editing.phone ?? '',
          address: editing.address ?? '',
        }
      : {
          name: '',
          type: 'company',
          email: '',
          phone: '',
          address: '',
          idempotency_key: newIdempotencyKey(),
        },
  });
  const nameEmpty = (watch('name') ?? '').trim() === '';

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      const { organization } = editing
        ? await apiCall('updateAdminOrganization', {
            params: { id: editing.id },
            body: body as UpdateBody,
          })
        : await apiCall('createAdminOrganization', { body: body as CreateBody });
      if (!editing) setValue('idempotency_key', newIdempotencyKey());
      onSaved(organization, target.mode);
    } catch (err) {
      if (!editing && !keepKeyAfter(err)) setValue('idempotency_key', newIdempotencyKey());
      const { fields, other } = splitFieldErrors(err, FIELDS);
      for (const name of FIELDS) {
        const message = fields[name];
        if (message) setFieldError(name, { type: 'server', message });
      }
      const message = err instanceof Error && !Object.keys(fields).length ? err.message : '';
      const prefix = editing ? t.updateError : t.createError;
      setError([prefix, message, ...other].filter(Boolean).join('. '));
    }
  });

  return (
    <form className="ui-form" noValidate onSubmit={onSubmit}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t.nameLabel}
        required
        maxLength={ORGANIZATION_NAME_MAX}
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      {editing ? null : (
        <SelectField
          label={t.typeLabel}
          required
          error={errors.type?.message}
          {...register('type')}
        >
          {ORGANIZATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t.types[type]}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={t.emailLabel}
        type="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t.phoneLabel}
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label={t.addressLabel}
        autoComplete="off"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="ui-form__actions">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {es.common.cancel}
        </Button>
        {editing ? (
          <Button type="submit" loading={isSubmitting} loadingLabel={t.saving}>
            {t.saveAction}
          </Button>
        ) : (
          <Button
            type="submit"
            loading={isSubmitting}
            loadingLabel={t.creating}
            disabled={nameEmpty}
          >
            {t.adminCreateSubmit}
          </Button>
        )}
      </div>
    </form>
  );
}

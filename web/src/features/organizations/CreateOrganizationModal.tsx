import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  createOrganizationRequest,
  type Organization,
} from '../../../../shared/contract/organizations';
import { es } from '../../../../shared/messages.es';
import { Alert, Button, Modal, TextField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { splitFieldErrors } from '../../lib/fieldErrors';
import { keepKeyAfter, newIdempotencyKey } from '../../lib/idempotency';

const FIELDS = ['name', 'email', 'phone'] as const;

export interface CreateOrganizationModalProps {
  open: boolean;
  onClose(): void;
  /** The company was created with the caller as its owner. */
  onCreated(organization: Organization): void;
}

/**
 * 'Crear Organización' (customer-flows §2.2, §2.9): a company with its creator as owner. The
 * same schema as the server's; one idempotency key per attempt, so a double click or a retry
 * after a lost answer makes one organisation.
 */
export function CreateOrganizationModal({
  open,
  onClose,
  onCreated,
}: CreateOrganizationModalProps) {
  const t = es.organizations;
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<
    z.input<typeof createOrganizationRequest>,
    unknown,
    z.output<typeof createOrganizationRequest>
  >({
    resolver: zodResolver(createOrganizationRequest),
    defaultValues: { name: '', email: '', phone: '', idempotency_key: newIdempotencyKey() },
  });

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      const { organization } = await apiCall('createOrganization', { body });
      setValue('idempotency_key', newIdempotencyKey());
      onCreated(organization);
    } catch (err) {
      if (!keepKeyAfter(err)) setValue('idempotency_key', newIdempotencyKey());
      const { fields, other } = splitFieldErrors(err, FIELDS);
      for (const name of FIELDS) {
        const message = fields[name];
        if (message) setFieldError(name, { type: 'server', message });
      }
      const message = err instanceof Error && !Object.keys(fields).length ? err.message : '';
      setError([t.createError, message, ...other].filter(Boolean).join('. '));
    }
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t.createTitle}
      description={t.createIntro}
      size="sm"
    >
      <form className="ui-form" noValidate onSubmit={onSubmit}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t.nameLabel}
          required
          maxLength={200}
          autoComplete="organization"
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t.emailLabel}
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t.phoneLabel}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="ui-form__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            {es.common.cancel}
          </Button>
          <Button type="submit" loading={isSubmitting} loadingLabel={t.creating}>
            {t.createAction}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

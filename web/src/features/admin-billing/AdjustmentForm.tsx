import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type * as z from 'zod/mini';
import { adminAdjustmentRequest } from '../../../../shared/contract/organizations';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { Alert, Button, TextField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { splitFieldErrors } from '../../lib/fieldErrors';
import { keepKeyAfter, newIdempotencyKey } from '../../lib/idempotency';
import '../../styles/form-panel.css';

const FIELDS = ['amount', 'description'] as const;

/**
 * 'Ajustar créditos' of an organisation (the admin's billing): a whole number of credits,
 * negative to take them back, and the reason the ledger shows. Checked with the server's schema;
 * one idempotency key per attempt, so a double click books one adjustment.
 */
export function AdjustmentForm({
  organizationId,
  onAdjusted,
}: {
  organizationId: string;
  onAdjusted(): void;
}) {
  const t = es.organizations;
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<
    z.input<typeof adminAdjustmentRequest>,
    unknown,
    z.output<typeof adminAdjustmentRequest>
  >({
    resolver: zodResolver(adminAdjustmentRequest),
    defaultValues: { description: '', idempotency_key: newIdempotencyKey() },
  });

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      await apiCall('adjustAdminOrganizationCredits', { params: { id: organizationId }, body });
      toast.success(
        fmt(t.adjusted, { n: `${body.amount > 0 ? '+' : ''}${formatCredits(body.amount)}` }),
      );
      reset({ description: '', idempotency_key: newIdempotencyKey() });
      onAdjusted();
    } catch (err) {
      if (!keepKeyAfter(err)) setValue('idempotency_key', newIdempotencyKey());
      const { fields, other } = splitFieldErrors(err, FIELDS);
      for (const name of FIELDS) {
        const message = fields[name];
        if (message) setFieldError(name, { type: 'server', message });
      }
      const message = err instanceof Error && !Object.keys(fields).length ? err.message : '';
      if (message || other.length) setError([message, ...other].filter(Boolean).join('. '));
      else if (!Object.keys(fields).length) setError(t.adjustError);
    }
  });

  return (
    <form className="form-panel billing-adjust" onSubmit={onSubmit} noValidate>
      <h2>{t.adjustTitle}</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="form-panel__fields">
        <TextField
          label={t.adjustReasonLabel}
          autoComplete="off"
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label={t.adjustAmountLabel}
          type="number"
          inputMode="numeric"
          step={1}
          error={errors.amount?.message}
          {...register('amount', { valueAsNumber: true })}
        />
        <Button type="submit" loading={isSubmitting} loadingLabel={t.adjusting}>
          {t.adjustAction}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type * as z from 'zod/mini';
import { rejectForm } from '../../../../shared/contract/notarized';
import { REJECTION_REASONS } from '../../../../shared/messages/notary-rejection.es';
import { es } from '../../../../shared/messages.es';
import { Alert, Button, SelectField, TextAreaField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { applyServerErrors } from '../../lib/fieldErrors';

const t = es.notaryRejection;
type FormIn = z.input<typeof rejectForm>;
type FormOut = z.output<typeof rejectForm>;
const FIELDS = ['reason_code', 'reason_detail'] as const;

/**
 * The decision 'reject' on the document page: a reason from the list and the words the customer
 * reads (required for "Otro motivo"), confirmed. The server gives back the notarial part.
 */
export function RejectForm({ assignmentId }: { assignmentId: string }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(rejectForm),
    defaultValues: { reason_code: '', reason_detail: '' },
  });
  const send = useMutation({
    mutationFn: (body: FormOut) =>
      apiCall('notaryAction', { body: { action: 'reject', assignment_id: assignmentId, ...body } }),
    onSuccess: () => {
      toast.success(t.done);
      void client.invalidateQueries({ queryKey: ['notary'] });
    },
    onError: (err) => {
      const shown = applyServerErrors(err, FIELDS, setFieldError);
      if (shown) setError(shown);
      toast.error(shown || es.notaryDocument.actionError);
    },
  });
  const onSubmit = handleSubmit((body) => {
    setError(null);
    if (window.confirm(t.confirm)) send.mutate(body);
  });

  return (
    <form className="notarize-form" onSubmit={onSubmit} noValidate>
      <h3 className="notarize-form__title">{t.title}</h3>
      <p className="notarize-form__intro">{t.intro}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SelectField
        label={t.reasonLabel}
        required
        error={errors.reason_code?.message}
        {...register('reason_code')}
      >
        <option value="" disabled>
          —
        </option>
        {REJECTION_REASONS.map((code) => (
          <option key={code} value={code}>
            {t.reasons[code]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t.detailLabel}
        hint={t.detailHint}
        maxLength={1000}
        error={errors.reason_detail?.message}
        {...register('reason_detail')}
      />
      <Button type="submit" variant="danger" loading={send.isPending} loadingLabel={t.submitting}>
        {t.submit}
      </Button>
    </form>
  );
}

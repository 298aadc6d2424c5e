import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type * as z from 'zod/mini';
import {
  type NotarySettingsResponse,
  putNotarySettingsRequest,
} from '../../../../shared/contract/notary';
import { es, fmt } from '../../../../shared/messages.es';
import {
  Alert,
  Button,
  Card,
  ChoiceGroup,
  ChoiceOption,
  Switch,
  TextField,
} from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { splitFieldErrors } from '../../lib/fieldErrors';
import { listErrorMessage, SETTINGS_FIELDS, toFormValues, toggleCode } from './notarySettingsForm';

type FormIn = z.input<typeof putNotarySettingsRequest>;
type FormOut = z.output<typeof putNotarySettingsRequest>;

/**
 * The settings form: services and regions as checkboxes, the weight, the two thresholds and
 * the open limit as whole numbers checked with the server's own schema before any call, and
 * 'Recibe asignaciones'. The server re-checks everything; its field messages land on their
 * fields, a save that raced another admin's shows the 409's message.
 */
export function NotarySettingsForm({
  data,
  onSaved,
}: {
  data: NotarySettingsResponse;
  onSaved(saved: NotarySettingsResponse): void;
}) {
  const t = es.notary;
  const activeId = useId();
  const activeHintId = useId();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(putNotarySettingsRequest),
    defaultValues: toFormValues(data.settings),
  });

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      const saved = await apiCall('putAdminNotarySettings', {
        params: { id: data.organization.id },
        // Saved over what this form loaded, or refused (409) if another admin saved meanwhile.
        body: { ...body, expected_updated_at: data.settings.updated_at },
      });
      reset(toFormValues(saved.settings));
      onSaved(saved);
      toast.success(t.settingsSaved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError(t.settingsConflict);
        toast.error(t.settingsConflict);
        return;
      }
      const { fields, other } = splitFieldErrors(err, SETTINGS_FIELDS);
      for (const name of SETTINGS_FIELDS) {
        const message = fields[name];
        if (message) setFieldError(name, { type: 'server', message });
      }
      const named = Object.keys(fields).length > 0;
      const message = err instanceof Error && !named ? err.message : '';
      const shown = [message, ...other].filter(Boolean).join('. ');
      if (shown) setError(shown);
      toast.error(named ? t.settingsError : shown || t.settingsError);
    }
  });

  return (
    <form className="notary-settings" onSubmit={onSubmit} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Card as="section" className="notary-settings__card">
        <Controller
          control={control}
          name="services_offered"
          render={({ field, fieldState }) => (
            <ChoiceGroup legend={t.servicesLabel} error={listErrorMessage(fieldState.error)}>
              {data.services.map((s) => (
                <ChoiceOption
                  key={s.code}
                  type="checkbox"
                  name={field.name}
                  value={s.code}
                  label={s.name}
                  checked={field.value.includes(s.code)}
                  onBlur={field.onBlur}
                  onChange={(e) =>
                    field.onChange(toggleCode(field.value, s.code, e.target.checked, data.services))
                  }
                />
              ))}
            </ChoiceGroup>
          )}
        />
        <Controller
          control={control}
          name="regions"
          render={({ field, fieldState }) => (
            <ChoiceGroup
              legend={t.regionsLabel}
              hint={
                field.value.length === 0 ? (
                  <>
                    <strong>{t.regionsAll}.</strong> {t.regionsHint}
                  </>
                ) : (
                  t.regionsHint
                )
              }
              error={listErrorMessage(fieldState.error)}
            >
              {data.regions.map((r) => (
                <ChoiceOption
                  key={r.code}
                  type="checkbox"
                  name={field.name}
                  value={r.code}
                  label={r.name}
                  checked={field.value.includes(r.code)}
                  onBlur={field.onBlur}
                  onChange={(e) =>
                    field.onChange(toggleCode(field.value, r.code, e.target.checked, data.regions))
                  }
                />
              ))}
            </ChoiceGroup>
          )}
        />
      </Card>

      <Card as="section" className="notary-settings__card">
        <div className="ui-form">
          <div className="ui-form__row">
            <TextField
              label={t.weightLabel}
              type="number"
              inputMode="numeric"
              step={1}
              hint={t.weightHint}
              error={errors.assignment_weight?.message}
              {...register('assignment_weight', { valueAsNumber: true })}
            />
            <TextField
              label={t.maxOpenLabel}
              type="number"
              inputMode="numeric"
              step={1}
              error={errors.max_open?.message}
              {...register('max_open', { valueAsNumber: true })}
            />
          </div>
          <div className="ui-form__row">
            <TextField
              label={t.takeLabel}
              type="number"
              inputMode="numeric"
              step={1}
              error={errors.take_minutes?.message}
              {...register('take_minutes', { valueAsNumber: true })}
            />
            <TextField
              label={t.processLabel}
              type="number"
              inputMode="numeric"
              step={1}
              error={errors.process_minutes?.message}
              {...register('process_minutes', { valueAsNumber: true })}
            />
          </div>
          <div className="notary-settings__active">
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <Switch
                  id={activeId}
                  aria-describedby={activeHintId}
                  name={field.name}
                  ref={field.ref}
                  checked={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              )}
            />
            <label htmlFor={activeId} className="notary-settings__active-label">
              {t.activeLabel}
            </label>
            <p id={activeHintId} className="notary-settings__open">
              {fmt(t.openNow, { n: data.settings.open_assignments.toLocaleString('es-CL') })}
            </p>
          </div>
        </div>
      </Card>

      <div className="ui-form__actions">
        <Button type="submit" loading={isSubmitting} loadingLabel={t.settingsSaving}>
          {t.settingsSave}
        </Button>
      </div>
    </form>
  );
}

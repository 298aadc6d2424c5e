import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { es, fmt } from '../../../../shared/messages.es';
import { DEFAULT_DIAL_CODE, DIAL_CODES, phoneRangeText } from '../../../../shared/rules/phone';
import { MAX_SIGNERS, rutRequiredFor, type SignerFields } from '../../../../shared/rules/signers';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, TextField } from '../../components/ui';
import { SelectField } from '../../components/ui/SelectField';
import { type SignerTypeChoice, SignerTypeSelect } from './SignerTypeSelect';
import {
  type DraftSigner,
  emailTaken,
  phoneInput,
  type SignerDraftFields,
  signerCode,
  validateSigner,
  withSignerType,
} from './wizardRules';

/** The form's values: the §5 fields and the 'Tipo de firma' select (a service id). */
type FormValues = SignerFields & { signature_service_id: string };

const BLANK: SignerFields = {
  first_name: '',
  last_name: '',
  id_number: '',
  email: '',
  phone: '',
  phone_country_code: DEFAULT_DIAL_CODE,
};

interface SignerFormProps {
  signers: readonly DraftSigner[];
  /** The signers' types (issue 23): step 2's by default, another one per signer. */
  types: SignerTypeChoice;
  /** The signer being edited (0-based position), or null to add a new one. */
  editingIndex: number | null;
  onAdd(signer: SignerDraftFields): void;
  onReplace(index: number, signer: SignerDraftFields): void;
  onCancelEdit(): void;
}

/**
 * The add-signer form (§2.5 step 3), also used to correct a signer. Validation is exactly §5,
 * through the shared function the server runs (plus its duplicate e-mail rule); the phone keeps
 * digits only, capped at the dial code's maximum, as the user types.
 */
export function SignerForm({
  signers,
  types,
  editingIndex,
  onAdd,
  onReplace,
  onCancelEdit,
}: SignerFormProps) {
  const headingId = useId();
  const editing = editingIndex !== null ? signers[editingIndex] : undefined;
  const [limitHit, setLimitHit] = useState(false);

  // The resolver reads the current list and types (they change between renders).
  const context = useRef({ signers, types, editingIndex });
  context.current = { signers, types, editingIndex };
  /** The signer the values make: the chosen type is their own unless it is step 2's. */
  const signerOf = (values: FormValues): SignerDraftFields =>
    withSignerType(values, values.signature_service_id, context.current.types.requestSignatureId);
  const blank = (): FormValues => ({
    ...BLANK,
    signature_service_id: context.current.types.requestSignatureId ?? '',
  });
  const resolver: Resolver<FormValues> = async (values) => {
    const ctx = context.current;
    const signer = signerOf(values);
    const errors: Partial<Record<keyof FormValues, string>> = validateSigner(
      signer,
      signerCode(signer, ctx.types.rules),
    );
    if (!errors.email && emailTaken(ctx.signers, values.email, ctx.editingIndex)) {
      errors.email = es.orders.signerDuplicateEmail;
    }
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        entries.map(([field, message]) => [field, { type: 'validate', message }]),
      ) as FieldErrors<FormValues>,
    };
  };

  const form = useForm<FormValues>({ defaultValues: blank(), resolver });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    setFocus,
    watch,
    formState: { errors, isSubmitted },
  } = form;

  // Editing another signer (or none): load its data, or a blank form.
  const editingKey = editing ? `${editingIndex}:${editing.email}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the edited signer only.
  useEffect(() => {
    reset(
      editing
        ? {
            ...blank(),
            ...editing,
            signature_service_id: editing.signature_service_id || blank().signature_service_id,
          }
        : blank(),
    );
    if (editing) setFocus('first_name');
  }, [editingKey]);

  useEffect(() => {
    if (signers.length < MAX_SIGNERS) setLimitHit(false);
  }, [signers.length]);

  // Step 2's type is the select's default: a new one (or none) moves an untouched select.
  const requestType = types.requestSignatureId ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when step 2's type changes.
  useEffect(() => {
    if (!form.getFieldState('signature_service_id').isDirty) {
      setValue('signature_service_id', requestType);
    }
  }, [requestType]);

  const chosenType = watch('signature_service_id');
  const signatureCode = signerCode(
    withSignerType({ signature_service_id: chosenType }, chosenType, types.requestSignatureId),
    types.rules,
  );
  // A new signature type changes the RUT rule: re-check what is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the type changes.
  useEffect(() => {
    if (isSubmitted) void form.trigger();
  }, [signatureCode]);

  const dialCode = watch('phone_country_code') || DEFAULT_DIAL_CODE;
  const rut = rutRequiredFor(signatureCode);
  const phone = register('phone');
  const dial = register('phone_country_code');
  const knownCode = DIAL_CODES.some((d) => d.code === dialCode);

  const submit = handleSubmit((values) => {
    const signer = signerOf(values);
    if (editingIndex !== null) {
      onReplace(editingIndex, signer);
    } else {
      onAdd(signer);
      // A next signer probably shares the dial code (and starts on step 2's type).
      reset({ ...blank(), phone_country_code: values.phone_country_code });
      setFocus('first_name');
    }
  });

  return (
    <section className="signer-form" aria-labelledby={headingId}>
      <h3 id={headingId} className="signer-form__title">
        <Icon name={editing ? 'pen' : 'user'} size={18} />
        {editing
          ? fmt(es.wizard.editSignerTitle, { n: (editingIndex ?? 0) + 1 })
          : es.wizard.addSignerTitle}
      </h3>
      <form
        className="ui-form"
        noValidate
        onSubmit={(event) => {
          // At 10 signers adding says why instead of checking the form (§5).
          if (editingIndex === null && signers.length >= MAX_SIGNERS) {
            event.preventDefault();
            setLimitHit(true);
            return;
          }
          void submit(event);
        }}
      >
        {limitHit ? <Alert tone="warning">{es.orders.maxSigners}</Alert> : null}
        <div className="ui-form__row">
          <TextField
            label={es.wizard.firstName}
            autoComplete="off"
            required
            maxLength={100}
            {...register('first_name')}
            error={errors.first_name?.message}
          />
          <TextField
            label={es.wizard.lastName}
            autoComplete="off"
            required
            maxLength={100}
            {...register('last_name')}
            error={errors.last_name?.message}
          />
        </div>
        {types.forced || types.options.length === 0 ? null : (
          <SignerTypeSelect
            choice={types}
            hint={es.wizard.signerTypeHint}
            {...register('signature_service_id')}
            error={errors.signature_service_id?.message}
          />
        )}
        <div className="ui-form__row">
          <TextField
            label={rut ? es.wizard.rut : es.wizard.idNumber}
            hint={rut ? es.wizard.rutHint : undefined}
            autoComplete="off"
            required
            maxLength={32}
            {...register('id_number')}
            error={errors.id_number?.message}
          />
          <TextField
            label={es.wizard.email}
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={254}
            {...register('email')}
            error={errors.email?.message}
          />
        </div>
        <div className="signer-form__phone">
          <SelectField
            label={es.wizard.dialCode}
            {...dial}
            onChange={(event) => {
              void dial.onChange(event);
              setValue('phone', phoneInput(getValues('phone'), event.target.value), {
                shouldValidate: isSubmitted,
              });
            }}
            error={errors.phone_country_code?.message}
          >
            {DIAL_CODES.map((d) => (
              <option key={d.code} value={d.code}>
                {`${d.label} (${d.code})`}
              </option>
            ))}
            {knownCode ? null : <option value={dialCode}>{dialCode}</option>}
          </SelectField>
          <TextField
            label={es.wizard.phone}
            hint={fmt(es.wizard.phoneHint, { range: phoneRangeText(dialCode) })}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            required
            {...phone}
            onChange={(event) => {
              event.target.value = phoneInput(event.target.value, dialCode);
              return phone.onChange(event);
            }}
            error={errors.phone?.message}
          />
        </div>
        <div className="wizard-actions">
          <Button type="submit" icon={<Icon name={editing ? 'check' : 'user'} />}>
            {editing ? es.wizard.updateSigner : es.wizard.addSigner}
          </Button>
          {editing ? (
            <Button variant="ghost" onClick={onCancelEdit}>
              {es.wizard.cancelEdit}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

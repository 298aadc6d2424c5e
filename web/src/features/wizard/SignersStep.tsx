import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { es, fmt } from '../../../../shared/messages.es';
import { formatRut } from '../../../../shared/rules/rut';
import { MAX_SIGNERS, rutRequiredFor, type SignerFields } from '../../../../shared/rules/signers';
import { Icon } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';
import { SavedSignersPanel, useSavedSigners, useSaveSigner } from './SavedSignersPanel';
import { SignerForm } from './SignerForm';
import { type SignerTypeChoice, SignerTypeSelect, signerTypeName } from './SignerTypeSelect';
import {
  addSigner,
  type DraftSigner,
  type DraftSignerField,
  emailTaken,
  removeSigner,
  replaceSigner,
  type SignerDraftFields,
  type SignerErrors,
  signerCode,
  signerListErrors,
  toSignerFields,
  withSignerType,
} from './wizardRules';

interface SignersStepProps {
  signers: DraftSigner[];
  /** The signers' types: step 2's and the ones each may choose (issue 23). */
  types: SignerTypeChoice;
  /** Field errors the API answered on the last save, by position. */
  serverErrors: Record<number, SignerErrors>;
  onChange(signers: DraftSigner[]): void;
  signInOrder: boolean;
  onSignInOrder(value: boolean): void;
  /** The estimate, which follows the types chosen here (issue 23). */
  summary?: ReactNode;
}

/**
 * Step 3 (§2.5, §4.1, §5): the saved-signers panel, one numbered card per signer (edit, remove
 * with renumbering, save to the saved signers) showing its problems, and the add-signer form.
 */
export function SignersStep({
  signers,
  types,
  serverErrors,
  onChange,
  signInOrder,
  onSignInOrder,
  summary,
}: SignersStepProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const listHeadingId = useId();
  const orderHintId = useId();
  const saved = useSavedSigners();
  const saveSigner = useSaveSigner();
  const canSave = saved.data?.has_access === true;

  const errors = useMemo(() => {
    const local = signerListErrors(signers, types.rules);
    const merged: Record<number, SignerErrors> = {};
    signers.forEach((_, i) => {
      const e = { ...serverErrors[i], ...local[i] };
      if (Object.keys(e).length > 0) merged[i] = e;
    });
    return merged;
  }, [signers, types.rules, serverErrors]);

  const add = (signer: SignerDraftFields) => {
    const result = addSigner(signers, signer);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    onChange(result.signers);
    setAnnouncement(fmt(es.wizard.signerAdded, { n: result.signers.length }));
  };

  const addSaved = (signer: SignerFields) => {
    if (emailTaken(signers, signer.email, null)) {
      toast(es.wizard.alreadyInDocument);
      return;
    }
    add(signer);
  };

  const remove = (index: number) => {
    onChange(removeSigner(signers, index));
    if (editing === index) setEditing(null);
    else if (editing !== null && editing > index) setEditing(editing - 1);
    setAnnouncement(fmt(es.wizard.signerRemoved, { n: index + 1 }));
    // The pressed button is gone: focus the card now at that place, else the list heading.
    queueMicrotask(() => {
      const cards = listRef.current?.querySelectorAll<HTMLElement>('.signer-card__title');
      const target = cards?.[Math.min(index, (cards?.length ?? 1) - 1)];
      (target ?? document.getElementById(listHeadingId))?.focus();
    });
  };

  return (
    <div className="wizard-columns wizard-columns--side-first">
      <div className="wizard-columns__main">
        <section className="signer-list" aria-labelledby={listHeadingId}>
          <div className="signer-list__head">
            <h3 id={listHeadingId} className="signer-list__title" tabIndex={-1}>
              {es.wizard.signersListTitle}
            </h3>
            <span className="signer-list__count">
              {fmt(es.wizard.signersCount, { n: signers.length })}
            </span>
          </div>
          {signers.length === 0 ? (
            <p className="muted">{es.wizard.signersEmpty}</p>
          ) : (
            <ol className="signer-list__cards" ref={listRef}>
              {signers.map((s, i) => (
                <SignerCard
                  key={`${s.signer_index}-${s.email}`}
                  signer={s}
                  errors={errors[i]}
                  types={types}
                  onType={(id) =>
                    onChange(
                      replaceSigner(signers, i, withSignerType(s, id, types.requestSignatureId)),
                    )
                  }
                  editing={editing === i}
                  canSave={canSave}
                  saving={saveSigner.isPending && saveSigner.variables?.email === s.email}
                  onEdit={() => setEditing(i)}
                  onRemove={() => remove(i)}
                  onSave={() => saveSigner.mutate(toSignerFields(s))}
                />
              ))}
            </ol>
          )}
        </section>
        {signers.length > 1 ? (
          <label className="sign-order">
            <input
              type="checkbox"
              checked={signInOrder}
              onChange={(e) => onSignInOrder(e.target.checked)}
              aria-describedby={orderHintId}
            />
            <span>
              <strong>{es.wizard.signInOrder}</strong>
              <span id={orderHintId} className="sign-order__hint">
                {es.wizard.signInOrderHint}
              </span>
            </span>
          </label>
        ) : null}
        <SignerForm
          signers={signers}
          types={types}
          editingIndex={editing}
          onAdd={add}
          onReplace={(index, signer) => {
            onChange(replaceSigner(signers, index, signer));
            setEditing(null);
          }}
          onCancelEdit={() => setEditing(null)}
        />
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </div>
      <div className="wizard-columns__side">
        <SavedSignersPanel onUse={addSaved} />
        {summary}
        {signers.length >= MAX_SIGNERS ? (
          <p className="wizard-note">{es.orders.maxSigners}</p>
        ) : null}
      </div>
    </div>
  );
}

function fieldLabel(field: DraftSignerField, signatureCode: string | null | undefined): string {
  switch (field) {
    case 'signature_service_id':
      return es.wizard.signerType;
    case 'first_name':
      return es.wizard.firstName;
    case 'last_name':
      return es.wizard.lastName;
    case 'id_number':
      return rutRequiredFor(signatureCode) ? es.wizard.rut : es.wizard.idNumber;
    case 'email':
      return es.wizard.email;
    case 'phone':
      return es.wizard.phone;
    case 'phone_country_code':
      return es.wizard.dialCode;
  }
}

function SignerCard({
  signer,
  errors,
  types,
  onType,
  editing,
  canSave,
  saving,
  onEdit,
  onRemove,
  onSave,
}: {
  signer: DraftSigner;
  errors: SignerErrors | undefined;
  types: SignerTypeChoice;
  onType(serviceId: string): void;
  editing: boolean;
  canSave: boolean;
  saving: boolean;
  onEdit(): void;
  onRemove(): void;
  onSave(): void;
}) {
  const titleId = useId();
  const n = signer.signer_index;
  const problems = Object.entries(errors ?? {}) as [DraftSignerField, string][];
  const signatureCode = signerCode(signer, types.rules);
  const typeName = signerTypeName(types, signer.signature_service_id);
  return (
    <li
      className={[
        'signer-card',
        problems.length > 0 && 'signer-card--invalid',
        editing && 'signer-card--editing',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <article aria-labelledby={titleId}>
        <div className="signer-card__head">
          <span className="signer-card__number" aria-hidden="true">
            {n}
          </span>
          <h4 id={titleId} className="signer-card__title" tabIndex={-1}>
            {fmt(es.wizard.signerNumber, { n })}{' '}
            <span className="signer-card__name">{`${signer.first_name} ${signer.last_name}`}</span>
          </h4>
        </div>
        <dl className="signer-card__data">
          <div>
            <dt>{fieldLabel('id_number', signatureCode)}</dt>
            <dd>{formatRut(signer.id_number)}</dd>
          </div>
          <div>
            <dt>{es.wizard.email}</dt>
            <dd>{signer.email}</dd>
          </div>
          <div>
            <dt>{es.wizard.phone}</dt>
            <dd>{`${signer.phone_country_code} ${signer.phone}`}</dd>
          </div>
          {types.forced ? (
            <div>
              <dt>{es.wizard.signerType}</dt>
              <dd>{es.wizard.signerTypeForced}</dd>
            </div>
          ) : null}
        </dl>
        {types.forced || types.options.length === 0 ? null : (
          <SignerTypeSelect
            className="signer-card__type"
            choice={types}
            label={es.wizard.signerType}
            aria-label={fmt(es.wizard.signerTypeLabel, { n })}
            value={signer.signature_service_id || types.requestSignatureId || ''}
            onChange={(event) => onType(event.target.value)}
            title={typeName}
          />
        )}
        {problems.length > 0 ? (
          <ul className="signer-card__errors">
            {problems.map(([field, message]) => (
              <li key={field}>
                <Icon name="alertTriangle" size={14} />
                {fmt(es.wizard.signerFieldError, {
                  field: fieldLabel(field, signatureCode),
                  message,
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="signer-card__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={fmt(es.wizard.editSignerLabel, { n })}
            aria-pressed={editing}
            onClick={onEdit}
          >
            {es.wizard.editSigner}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={fmt(es.wizard.removeSignerLabel, { n })}
            onClick={onRemove}
          >
            {es.wizard.removeSigner}
          </Button>
          {canSave ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={fmt(es.wizard.saveSignerLabel, { n })}
              loading={saving}
              onClick={onSave}
            >
              {es.wizard.saveSigner}
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

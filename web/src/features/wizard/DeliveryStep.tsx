import { useId } from 'react';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import type { DraftSigner } from './wizardRules';

const OPTIONS = [
  { value: true, title: es.wizard.deliveryAll, body: es.wizard.deliveryAllBody, icon: 'users' },
  {
    value: false,
    title: es.wizard.deliveryRequester,
    body: es.wizard.deliveryRequesterBody,
    icon: 'user',
  },
] as const;

/**
 * Step 4 (§2.5): who receives the signed document, as two radio cards (one choice, arrow keys
 * move between them), and the signers' e-mails. It can change until payment (§4.1).
 */
export function DeliveryStep({
  delivery,
  signers,
  onChange,
}: {
  delivery: boolean | null;
  signers: readonly DraftSigner[];
  onChange(value: boolean): void;
}) {
  const name = useId();
  const listId = useId();
  return (
    <div className="delivery-step">
      <fieldset className="delivery-choices">
        <legend className="visually-hidden">{es.wizard.deliveryLegend}</legend>
        {OPTIONS.map((o) => {
          const id = `${name}-${o.value}`;
          const checked = delivery === o.value;
          return (
            <label
              key={String(o.value)}
              htmlFor={id}
              className={['radio-card', checked && 'radio-card--checked'].filter(Boolean).join(' ')}
            >
              <input
                id={id}
                type="radio"
                name={name}
                className="radio-card__input"
                checked={checked}
                onChange={() => onChange(o.value)}
                aria-describedby={`${id}-body`}
              />
              <span className="radio-card__icon" aria-hidden="true">
                <Icon name={o.icon} size={22} />
              </span>
              <span className="radio-card__text">
                <span className="radio-card__title">{o.title}</span>
                <span id={`${id}-body`} className="radio-card__body">
                  {o.body}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      <section className="delivery-signers" aria-labelledby={listId}>
        <h3 id={listId} className="delivery-signers__title">
          <Icon name="mail" size={18} />
          {es.wizard.deliverySignersTitle}
        </h3>
        <p className="muted">
          {delivery === false ? es.wizard.deliverySignersOnly : es.wizard.deliverySignersAll}
        </p>
        <ul className="delivery-signers__list">
          {signers.map((s) => (
            <li key={s.signer_index}>
              <span className="delivery-signers__name">{`${s.first_name} ${s.last_name}`}</span>
              <span className="delivery-signers__email">{s.email}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { type FormEvent, useRef, useState } from 'react';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, TextField } from '../../components/ui';
import type { CardFormProps, CardPayer, ConfirmResult, IntentSecrets } from './cardPayer';
import {
  type CardErrors,
  type CardInput,
  confirmBody,
  confirmResultOf,
  confirmUrl,
  formatCardNumber,
  formatExpiry,
  type LocalCard,
  validateCard,
} from './localCard';
import './card-form.css';

/**
 * The local stack's card payer: a plain card form (number, MM/AA, CVC) that confirms through the
 * gateway's door to the Stripe emulator with Stripe's own request, as Stripe.js would.
 */
export function createLocalCardPayer(
  localProxy: string,
  publishableKey: string,
): CardPayer<LocalCard> {
  return {
    Form: LocalCardForm,
    async confirm(intent: IntentSecrets, card: LocalCard): Promise<ConfirmResult> {
      let res: Response;
      try {
        res = await fetch(confirmUrl(localProxy, intent.paymentIntentId), {
          method: 'POST',
          headers: {
            authorization: `Bearer ${publishableKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: confirmBody(intent, card),
        });
      } catch {
        return { errorMessage: es.credits.paymentUnexpected };
      }
      const body: unknown = await res.json().catch(() => undefined);
      return confirmResultOf(res.status, body);
    },
  };
}

const FIELDS: (keyof CardInput)[] = ['number', 'expiry', 'cvc'];

function LocalCardForm({ submitLabel, busy, onSubmit }: CardFormProps<LocalCard>) {
  const [input, setInput] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const refs = useRef<Partial<Record<keyof CardInput, HTMLInputElement | null>>>({});

  const change = (field: keyof CardInput, value: string) => {
    setInput((old) => ({ ...old, [field]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateCard(input, new Date());
    if (checked.errors) {
      setErrors(checked.errors);
      const first = FIELDS.find((f) => checked.errors[f]);
      if (first) refs.current[first]?.focus();
      return;
    }
    setErrors({});
    onSubmit(checked.card);
  };

  return (
    <form className="card-form" onSubmit={submit} noValidate>
      <Alert tone="info">{es.credits.localCardNotice}</Alert>
      <TextField
        ref={(el) => {
          refs.current.number = el;
        }}
        label={es.credits.cardNumber}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder={es.credits.cardNumberPlaceholder}
        value={input.number}
        onChange={(e) => change('number', formatCardNumber(e.target.value))}
        error={errors.number}
        disabled={busy}
        required
        endAdornment={<Icon name="creditCard" size={18} />}
      />
      <div className="card-form__row">
        <TextField
          ref={(el) => {
            refs.current.expiry = el;
          }}
          label={es.credits.cardExpiry}
          name="exp-date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={es.credits.cardExpiryPlaceholder}
          value={input.expiry}
          onChange={(e) => change('expiry', formatExpiry(e.target.value))}
          error={errors.expiry}
          disabled={busy}
          required
        />
        <TextField
          ref={(el) => {
            refs.current.cvc = el;
          }}
          label={es.credits.cardCvc}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          placeholder={es.credits.cardCvcPlaceholder}
          value={input.cvc}
          onChange={(e) => change('cvc', e.target.value.replace(/\D/g, ''))}
          error={errors.cvc}
          disabled={busy}
          required
        />
      </div>
      <Button
        type="submit"
        fullWidth
        size="lg"
        loading={busy}
        loadingLabel={es.credits.paying}
        icon={<Icon name="lock" size={18} />}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

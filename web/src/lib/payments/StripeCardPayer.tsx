import { CardElement, Elements, useElements } from '@stripe/react-stripe-js';
import {
  loadStripe,
  type Stripe,
  type StripeCardElement,
  type StripeCardElementChangeEvent,
  type StripeElementStyle,
} from '@stripe/stripe-js';
import { type FormEvent, useId, useState } from 'react';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Button } from '../../components/ui';
import {
  type CardFormProps,
  type CardPayer,
  CardPayerUnavailable,
  type ConfirmResult,
  type IntentSecrets,
} from './cardPayer';
import './card-form.css';

/**
 * The production card payer: Stripe.js (loaded from Stripe on first use, in Spanish) with its
 * CardElement, confirmed by `stripe.confirmCardPayment`. This module is imported on demand only,
 * so neither Stripe library is part of the initial bundle.
 */
export async function createStripeCardPayer(
  publishableKey: string,
): Promise<CardPayer<StripeCardElement>> {
  const stripe = await loadStripe(publishableKey, { locale: 'es' }).catch(() => null);
  if (!stripe) throw new CardPayerUnavailable(es.credits.stripeUnavailable);

  // biome-ignore lint/correctness/noComponentHookFactories: one component per loaded Stripe instance, made once per publishable key and never during a render.
  function Form(props: CardFormProps<StripeCardElement>) {
    return (
      <Elements stripe={stripe} options={{ locale: 'es' }}>
        <StripeCardForm {...props} />
      </Elements>
    );
  }

  return {
    Form,
    confirm: (intent, card) => confirmWith(stripe, intent, card),
  };
}

async function confirmWith(
  stripe: Stripe,
  intent: IntentSecrets,
  card: StripeCardElement,
): Promise<ConfirmResult> {
  try {
    const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
      payment_method: { card },
    });
    if (error) return { errorMessage: error.message || es.credits.paymentError };
    return paymentIntent
      ? { status: paymentIntent.status }
      : { errorMessage: es.credits.paymentError };
  } catch {
    return { errorMessage: es.credits.paymentUnexpected };
  }
}

/** The theme's colours for the card iframe (it cannot read the page's CSS variables). */
function themeStyle(): StripeElementStyle {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    base: {
      color: read('--color-text', '#1f2937'),
      fontFamily: read('--font-sans', 'system-ui, sans-serif'),
      fontSize: '16px',
      '::placeholder': { color: read('--color-muted', '#6b7280') },
      iconColor: read('--color-primary', '#4f46e5'),
    },
    invalid: {
      color: read('--color-danger', '#dc2626'),
      iconColor: read('--color-danger', '#dc2626'),
    },
  };
}

function StripeCardForm({ submitLabel, busy, onSubmit }: CardFormProps<StripeCardElement>) {
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [style] = useState(themeStyle);
  const errorId = useId();

  const onChange = (event: StripeCardElementChangeEvent) => {
    setComplete(event.complete);
    setError(event.error?.message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (busy || !card || !complete) return;
    onSubmit(card);
  };

  return (
    <form className="card-form" onSubmit={submit} noValidate>
      <fieldset
        className="ui-field card-form__fieldset"
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="ui-field__label">{es.credits.cardTitle}</legend>
        <div
          className={error ? 'card-form__stripe card-form__stripe--invalid' : 'card-form__stripe'}
        >
          <CardElement
            onChange={onChange}
            options={{ style, hidePostalCode: true, disabled: busy, disableLink: true }}
          />
        </div>
        {error ? (
          <p id={errorId} className="ui-field__error" role="alert">
            <span>{error}</span>
          </p>
        ) : null}
      </fieldset>
      <Button
        type="submit"
        fullWidth
        size="lg"
        loading={busy}
        loadingLabel={es.credits.paying}
        disabled={!elements || !complete}
        icon={<Icon name="lock" size={18} />}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

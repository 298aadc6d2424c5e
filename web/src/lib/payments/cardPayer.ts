import type { ComponentType } from 'react';
import { es } from '../../../../shared/messages.es';
import type { RuntimeConfig } from '../config';

/**
 * The card-payment port (credits-signing-admin §7 "Card payment provider"): the fields the
 * customer types the card into, and the confirmation of a payment intent with that card. Two
 * implementations: Stripe.js with its CardElement (production), and a plain card form that
 * confirms through the local stack's door to the Stripe emulator (Stripe.js needs the internet).
 * Components only ever see this interface; `loadCardPayer` picks the implementation.
 */
export interface CardPayer<Card = unknown> {
  /** The card fields and the pay button; calls `onSubmit` once the card is complete. */
  Form: ComponentType<CardFormProps<Card>>;
  /** Charges `card` for the intent; Stripe's answer, reduced to a status or a message. */
  confirm(intent: IntentSecrets, card: Card): Promise<ConfirmResult>;
}

export interface CardFormProps<Card> {
  /** The pay button's label ("Pagar 9.990 $"). */
  submitLabel: string;
  /** The payment is being confirmed: fields and button stay (Stripe needs them) but are off. */
  busy: boolean;
  onSubmit(card: Card): void;
}

export interface IntentSecrets {
  paymentIntentId: string;
  clientSecret: string;
}

/** A Stripe PaymentIntent status after a confirm, or the message to show when it failed. */
export type ConfirmResult = { status: string } | { errorMessage: string };

/** The payment form could not be prepared; `message` is the Spanish text to show. */
export class CardPayerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardPayerUnavailable';
  }
}

/**
 * The card payer for this environment: the local form when the runtime config names a local
 * proxy, else Stripe.js (loaded on demand: neither is part of the initial bundle).
 */
export async function loadCardPayer(
  config: Pick<RuntimeConfig, 'stripe'>,
  publishableKey: string,
): Promise<CardPayer> {
  const localProxy = config.stripe?.localProxy;
  try {
    if (localProxy) {
      const { createLocalCardPayer } = await import('./LocalCardPayer');
      return createLocalCardPayer(localProxy, publishableKey) as CardPayer;
    }
    const { createStripeCardPayer } = await import('./StripeCardPayer');
    return (await createStripeCardPayer(publishableKey)) as CardPayer;
  } catch (err) {
    if (err instanceof CardPayerUnavailable) throw err;
    throw new CardPayerUnavailable(es.credits.paymentFormError);
  }
}

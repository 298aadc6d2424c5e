import { useId } from 'react';
import { Link } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Card, Spinner, Switch } from '../../components/ui';
import type { CardPayer } from '../../lib/payments/cardPayer';
import type { CreditsOption } from './checkoutRules';

/** Where a payment stands, as the panel shows it. */
export type PayState =
  | { step: 'idle' }
  | { step: 'paying'; method: 'card' | 'credits' }
  | { step: 'confirming' }
  | { step: 'failed'; title?: string; message: string }
  | { step: 'delayed' };

interface PaymentPanelProps {
  signedIn: boolean;
  /** The quote is known (a visitor has none: the request is theirs only once signed in). */
  totalText: string | undefined;
  creditsNeeded: number;
  /** How the price becomes credits (creditsConversionText), when the quote has a rate. */
  conversion: { conversion: string; creditValue: string } | null;
  balance: number | undefined;
  credits: CreditsOption;
  useCredits: boolean;
  onUseCreditsChange(value: boolean): void;
  payer: CardPayer | undefined;
  payerError: string | undefined;
  pay: PayState;
  onCardSubmit(card: unknown): void;
  onCreditsPay(): void;
  onLogin(): void;
  /** 'Comprar créditos': the packages page, set to come back here (lib/checkoutReturn.ts). */
  buyCreditsTo: string;
  /** Keeps what was typed here for the way back. */
  onBuyCredits(): void;
}

/**
 * Payment options (§2.7, §5): the credits toggle (2% off, credits needed, balance; off with
 * 'Créditos insuficientes' when the balance is short) and either the card form of the CardPayer
 * port with its pay button, or the pay-with-credits button. Visitors get a pay button that asks
 * them to log in.
 */
export function PaymentPanel(props: PaymentPanelProps) {
  const { signedIn, credits, useCredits, pay } = props;
  const headingId = useId();
  const toggleId = useId();
  const toggleHintId = useId();
  const busy = pay.step === 'paying' || pay.step === 'confirming';
  const c = es.checkout;

  return (
    <Card as="section" aria-labelledby={headingId} className="checkout-card checkout-payment">
      <h2 id={headingId} className="ui-card__title">
        {c.paymentTitle}
      </h2>

      <div className={credits.enabled ? 'credits-toggle' : 'credits-toggle credits-toggle--off'}>
        <div className="credits-toggle__row">
          <Switch
            id={toggleId}
            checked={useCredits && credits.enabled}
            disabled={!credits.enabled || busy}
            aria-describedby={toggleHintId}
            onChange={(e) => props.onUseCreditsChange(e.target.checked)}
          />
          <label htmlFor={toggleId} className="credits-toggle__label">
            <Icon name="coins" size={18} />
            {c.creditsToggle}
          </label>
        </div>
        <div id={toggleHintId} className="credits-toggle__details">
          <p className="credits-toggle__discount">{c.creditsDiscount}</p>
          {props.creditsNeeded > 0 ? (
            <p>{fmt(c.creditsNeeded, { n: formatCredits(props.creditsNeeded) })}</p>
          ) : null}
          {props.conversion ? (
            <>
              <p data-testid="credits-conversion">{props.conversion.conversion}</p>
              <p data-testid="credit-value">{props.conversion.creditValue}</p>
            </>
          ) : null}
          {signedIn && props.balance !== undefined ? (
            <p>{fmt(c.creditsBalance, { n: formatCredits(props.balance) })}</p>
          ) : null}
          {!credits.enabled && credits.reason === 'insufficient' ? (
            <p className="credits-toggle__short">
              <strong>{es.orders.insufficientCredits}</strong>{' '}
              <Link to={props.buyCreditsTo} onClick={props.onBuyCredits}>
                {c.buyCredits}
              </Link>
            </p>
          ) : null}
          {!credits.enabled && credits.reason === 'unavailable' ? (
            <p className="credits-toggle__short">{c.creditsUnavailable}</p>
          ) : null}
        </div>
      </div>

      <div aria-live="polite" className="checkout-pay-status">
        {pay.step === 'confirming' ? (
          <div className="checkout-wait" role="status">
            <Spinner size={24} />
            <p>{c.confirmingOrder}</p>
          </div>
        ) : null}
      </div>
      {pay.step === 'failed' ? (
        <Alert tone="error" title={pay.title} className="checkout-pay-error">
          {pay.message}
        </Alert>
      ) : null}
      {pay.step === 'delayed' ? (
        <Alert tone="warning" action={<Link to="/mis-pedidos">{c.viewOrders}</Link>}>
          {c.orderDelayed}
        </Alert>
      ) : null}

      {!signedIn ? (
        <Button size="lg" fullWidth icon={<Icon name="lock" size={18} />} onClick={props.onLogin}>
          {props.totalText
            ? fmt(es.credits.payAmount, { amount: props.totalText })
            : es.credits.payNow}
        </Button>
      ) : pay.step === 'delayed' ? null : useCredits && credits.enabled ? (
        <Button
          size="lg"
          fullWidth
          icon={<Icon name="coins" size={18} />}
          loading={busy}
          loadingLabel={c.payingCredits}
          onClick={props.onCreditsPay}
        >
          {fmt(c.payWithCredits, { n: formatCredits(props.creditsNeeded) })}
        </Button>
      ) : (
        <CardStep
          payer={props.payer}
          error={props.payerError}
          submitLabel={
            props.totalText
              ? fmt(es.credits.payAmount, { amount: props.totalText })
              : es.credits.payNow
          }
          busy={busy}
          onSubmit={props.onCardSubmit}
        />
      )}
      <p className="checkout-secure">
        <Icon name="shieldCheck" size={16} />
        <span>{es.credits.securePayment}</span>
      </p>
    </Card>
  );
}

function CardStep({
  payer,
  error,
  submitLabel,
  busy,
  onSubmit,
}: {
  payer: CardPayer | undefined;
  error: string | undefined;
  submitLabel: string;
  busy: boolean;
  onSubmit(card: unknown): void;
}) {
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!payer) {
    return (
      <div className="checkout-wait" role="status">
        <Spinner size={24} />
        <p>{es.credits.loadingPaymentForm}</p>
      </div>
    );
  }
  const { Form } = payer;
  return (
    <div className="checkout-card-form">
      <h3 className="checkout-card-form__title">{es.credits.cardTitle}</h3>
      <Form submitLabel={submitLabel} busy={busy} onSubmit={onSubmit} />
    </div>
  );
}

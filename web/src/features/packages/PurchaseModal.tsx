import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { Link } from 'react-router';
import type { CreditPackage } from '../../../../shared/contract/credits';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Modal, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { loadRuntimeConfig } from '../../lib/config';
import { type CardPayer, CardPayerUnavailable, loadCardPayer } from '../../lib/payments/cardPayer';
import { creditsText } from '../../lib/wallet/walletRules';
import {
  initialPurchase,
  isBusy,
  purchaseReducer,
  SUCCESS_HANDLER_DELAY_MS,
  waitForCredits,
} from './purchase';

/** What the server answered when the purchase started (createPackagePaymentIntent). */
export interface StartedPurchase {
  client_secret: string;
  payment_intent_id: string;
  publishable_key: string;
  package: CreditPackage;
}

interface PurchaseModalProps {
  purchase: StartedPurchase;
  /** Closes the modal (not while the card is being charged or credited). */
  onClose(): void;
  /** §4: runs 2 s after the credits arrived. */
  onSucceeded(): void;
}

/**
 * The card-payment modal for one package (§2 screen 2, §4 "Package purchase"): card fields,
 * processing, then the wait until the server has credited the payment, and the outcome.
 */
export function PurchaseModal({ purchase, onClose, onSucceeded }: PurchaseModalProps) {
  const [state, dispatch] = useReducer(purchaseReducer, initialPurchase);
  const pkg = purchase.package;
  const price = formatMoney(pkg.price, pkg.currency_code);
  const busy = isBusy(state);

  const payer = useQuery({
    queryKey: ['cardPayer', purchase.publishable_key],
    queryFn: async () => loadCardPayer(await loadRuntimeConfig(), purchase.publishable_key),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    structuralSharing: false,
  });

  const paymentIntentId = purchase.payment_intent_id;
  useEffect(() => {
    if (state.step !== 'crediting') return;
    const controller = new AbortController();
    waitForCredits(
      (signal) => apiCall('getPaymentStatus', { params: { id: paymentIntentId }, signal }),
      {
        signal: controller.signal,
      },
    ).then(
      (outcome) => dispatch({ type: 'credits', outcome }),
      () => undefined, // aborted: the modal is gone
    );
    return () => controller.abort();
  }, [state.step, paymentIntentId]);

  useEffect(() => {
    if (state.step !== 'succeeded') return;
    const timer = setTimeout(onSucceeded, SUCCESS_HANDLER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.step, onSucceeded]);

  const pay = (card: unknown) => {
    const current = payer.data;
    if (!current) return;
    dispatch({ type: 'submit' });
    void current
      .confirm({ paymentIntentId, clientSecret: purchase.client_secret }, card)
      .then((result) => dispatch({ type: 'confirmed', result }));
  };

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      title={es.credits.buyPackage}
      size="sm"
      closeOnBackdrop={!busy}
      className="purchase-modal"
    >
      <div className="purchase-summary">
        <span className="purchase-summary__icon" aria-hidden="true">
          <Icon name="package" size={22} />
        </span>
        <div className="purchase-summary__text">
          <p className="purchase-summary__name">{pkg.name}</p>
          <p className="purchase-summary__detail">
            {fmt(es.credits.purchaseSummary, { credits: creditsText(pkg.credits_amount), price })}
          </p>
          <p className="purchase-summary__tax">{es.receipts.pricesVatIncluded}</p>
        </div>
      </div>

      {state.step === 'card' || state.step === 'processing' ? (
        <CardStep
          payer={payer.data}
          loadError={
            payer.isError
              ? payer.error instanceof CardPayerUnavailable
                ? payer.error.message
                : es.credits.paymentFormError
              : undefined
          }
          submitLabel={fmt(es.credits.payAmount, { amount: price })}
          busy={state.step === 'processing'}
          onSubmit={pay}
          onClose={close}
        />
      ) : state.step === 'crediting' ? (
        <div className="purchase-wait" role="status">
          <Spinner size={28} />
          <p>{es.credits.waitingCredits}</p>
        </div>
      ) : state.step === 'succeeded' ? (
        <Alert tone="success" className="purchase-outcome">
          {es.credits.purchaseSuccess}
        </Alert>
      ) : state.step === 'failed' ? (
        <div className="purchase-outcome">
          <Alert tone="error">{state.message}</Alert>
          <div className="purchase-failed">
            <span className="purchase-failed__icon" aria-hidden="true">
              <Icon name="alertTriangle" size={24} />
            </span>
            <p>{es.credits.paymentFailed}</p>
            <Button
              fullWidth
              onClick={state.retry ? () => dispatch({ type: 'retry' }) : onClose}
              data-autofocus
            >
              {es.credits.retry}
            </Button>
          </div>
        </div>
      ) : (
        <div className="purchase-outcome">
          <Alert tone="warning" action={<Link to="/credit-history">{es.credits.viewHistory}</Link>}>
            {es.credits.creditsDelayed}
          </Alert>
          <Button variant="secondary" fullWidth onClick={onClose}>
            {es.common.close}
          </Button>
        </div>
      )}
    </Modal>
  );
}

function CardStep({
  payer,
  loadError,
  submitLabel,
  busy,
  onSubmit,
  onClose,
}: {
  payer: CardPayer | undefined;
  loadError: string | undefined;
  submitLabel: string;
  busy: boolean;
  onSubmit(card: unknown): void;
  onClose(): void;
}) {
  if (loadError) {
    return (
      <div className="purchase-outcome">
        <Alert tone="error">{loadError}</Alert>
        <Button variant="secondary" fullWidth onClick={onClose}>
          {es.common.close}
        </Button>
      </div>
    );
  }
  if (!payer) {
    return (
      <div className="purchase-wait" role="status">
        <Spinner size={28} />
        <p>{es.credits.loadingPaymentForm}</p>
      </div>
    );
  }
  const { Form } = payer;
  return <Form submitLabel={submitLabel} busy={busy} onSubmit={onSubmit} />;
}

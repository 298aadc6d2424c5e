import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { CheckoutForm } from '../../../../shared/contract/orders';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { apiCall } from '../../lib/api';
import { loadRuntimeConfig } from '../../lib/config';
import { newIdempotencyKey } from '../../lib/idempotency';
import { type CardPayer, CardPayerUnavailable, loadCardPayer } from '../../lib/payments/cardPayer';
import { ordersQueryKey, profileQueryKey, requestsQueryKey } from '../../lib/queryKeys';
import { useAuthModal } from '../../lib/session/authModal';
import { creditsQueryKey } from '../../lib/wallet/useWallet';
import { clearWizardSession } from '../../lib/wizardSession';
import {
  type CheckoutFormValues,
  cardStartErrorMessage,
  creditsErrorMessage,
  isPaidStatus,
  keepKeyAfter,
  splitCheckoutErrors,
  waitForOrder,
} from './checkoutRules';
import type { PayState } from './PaymentPanel';

/**
 * Paying the request (customer-flows §4.4, §5): by card through the CardPayer port (the intent,
 * the card's confirmation, then the wait for the order) or with credits in one call. One attempt
 * at a time, each from a valid form; once paid, the caches are refreshed and /success follows.
 */
export function useCheckoutPayment({
  signedIn,
  request,
  requestId,
  payWithCredits,
  form: { handleSubmit, setError },
}: {
  signedIn: boolean;
  request: SigningRequest | null;
  requestId: string | null;
  /** Credits chosen (and enough): the card payer is not loaded. */
  payWithCredits: boolean;
  form: Pick<UseFormReturn<CheckoutFormValues, unknown, CheckoutForm>, 'handleSubmit' | 'setError'>;
}) {
  const authModal = useAuthModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pay, setPay] = useState<PayState>({ step: 'idle' });
  const busyRef = useRef(false);
  const creditsKey = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const payer = useQuery({
    queryKey: ['cardPayer', 'runtime-config'],
    queryFn: async (): Promise<CardPayer> => {
      const config = await loadRuntimeConfig();
      const key = config.stripe?.publishableKey;
      if (!config.stripe?.localProxy && !key) {
        throw new CardPayerUnavailable(es.credits.paymentFormError);
      }
      return loadCardPayer(config, key ?? '');
    },
    enabled: signedIn && request !== null && !payWithCredits,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    structuralSharing: false,
  });
  const payerError = payer.isError
    ? payer.error instanceof CardPayerUnavailable
      ? payer.error.message
      : es.credits.paymentFormError
    : undefined;

  /**
   * The form as the contract's schema outputs it (trimmed, company null when empty), or null
   * with the field errors shown and the first invalid field focused.
   */
  const validForm = (): Promise<CheckoutForm | null> =>
    new Promise((resolve) => {
      void handleSubmit(
        (data) => resolve(data),
        () => {
          setPay({ step: 'failed', message: es.checkout.formInvalid });
          resolve(null);
        },
      )().catch(() => resolve(null));
    });

  const showServerErrors = (err: unknown) => {
    const { fields } = splitCheckoutErrors(err);
    for (const [name, message] of Object.entries(fields)) {
      setError(
        name as keyof CheckoutFormValues,
        { type: 'server', message },
        { shouldFocus: false },
      );
    }
  };

  const paid = useCallback(
    (orderId: string) => {
      clearWizardSession();
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: requestsQueryKey });
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
      // The server saved the checkout's personal and billing data to the profile.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void navigate(`/success?order=${encodeURIComponent(orderId)}`, { replace: true });
    },
    [navigate, queryClient],
  );

  /** Common start of both flows: login, one payment at a time, a valid form. */
  const begin = async (): Promise<{ form: CheckoutForm; request_id: string } | null> => {
    if (!signedIn) {
      authModal.open('login');
      return null;
    }
    if (busyRef.current || !requestId) return null;
    busyRef.current = true;
    // A new attempt: the previous attempt's message goes.
    setPay({ step: 'idle' });
    const form = await validForm();
    if (!form) {
      busyRef.current = false;
      return null;
    }
    return { form, request_id: requestId };
  };

  const onCardSubmit = async (card: unknown) => {
    const current = payer.data;
    if (!current) return;
    const start = await begin();
    if (!start) return;
    setPay({ step: 'paying', method: 'card' });
    try {
      let intent: Awaited<ReturnType<typeof apiCall<'createOrderCardIntent'>>>;
      try {
        intent = await apiCall('createOrderCardIntent', { body: start });
      } catch (err) {
        showServerErrors(err);
        setPay({ step: 'failed', message: cardStartErrorMessage(err) });
        return;
      }
      const result = await current.confirm(
        { paymentIntentId: intent.payment_intent_id, clientSecret: intent.client_secret },
        card,
      );
      if ('errorMessage' in result || !isPaidStatus(result.status)) {
        // Declined: nothing was charged and the request stays in the cart; the user may retry.
        setPay({
          step: 'failed',
          title: 'errorMessage' in result ? result.errorMessage : undefined,
          message: es.credits.paymentFailed,
        });
        return;
      }
      setPay({ step: 'confirming' });
      const controller = new AbortController();
      abort.current = controller;
      const outcome = await waitForOrder(
        (signal) =>
          apiCall('getOrderPaymentStatus', { params: { id: intent.payment_intent_id }, signal }),
        { signal: controller.signal },
      );
      if (outcome.kind === 'ordered') {
        paid(outcome.orderId);
      } else if (outcome.kind === 'declined') {
        setPay({ step: 'failed', message: es.credits.paymentFailed });
      } else if (outcome.kind === 'refunded') {
        // The request changed while paying: the money went back, the request waits in the cart.
        setPay({ step: 'failed', message: outcome.message || es.orders.paymentRefunded });
      } else {
        // The money was taken; the order will follow (webhook). The wizard starts afresh.
        clearWizardSession();
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        setPay({ step: 'delayed' });
      }
    } catch (err) {
      if (abort.current?.signal.aborted) return; // left the page
      setPay({ step: 'failed', message: cardStartErrorMessage(err) });
    } finally {
      busyRef.current = false;
    }
  };

  const onCreditsPay = async () => {
    const start = await begin();
    if (!start) return;
    setPay({ step: 'paying', method: 'credits' });
    // The same attempt retried (no answer last time) reuses its key: it debits once.
    creditsKey.current ??= newIdempotencyKey();
    try {
      const { order } = await apiCall('payOrderWithCredits', {
        body: { ...start, idempotency_key: creditsKey.current },
      });
      creditsKey.current = null;
      paid(order.id);
    } catch (err) {
      if (!keepKeyAfter(err)) creditsKey.current = null;
      showServerErrors(err);
      setPay({ step: 'failed', message: creditsErrorMessage(err) });
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey });
    } finally {
      busyRef.current = false;
    }
  };

  return {
    pay,
    setPay,
    payer: payer.data,
    payerError,
    onCardSubmit,
    onCreditsPay,
  };
}

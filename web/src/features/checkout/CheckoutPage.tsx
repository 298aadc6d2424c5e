import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { type CheckoutForm, checkoutFormSchema } from '../../../../shared/contract/orders';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { loadRuntimeConfig } from '../../lib/config';
import { useCountry } from '../../lib/country/CountryProvider';
import { newIdempotencyKey } from '../../lib/idempotency';
import { type CardPayer, CardPayerUnavailable, loadCardPayer } from '../../lib/payments/cardPayer';
import {
  ordersQueryKey,
  profileQueryKey,
  requestQueryKey,
  requestsQueryKey,
} from '../../lib/queryKeys';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { creditsQueryKey, useWallet } from '../../lib/wallet/useWallet';
import { clearWizardSession, readWizardSession } from '../../lib/wizardSession';
import { CheckoutFields } from './CheckoutFields';
import { CheckoutSummary } from './CheckoutSummary';
import {
  type CheckoutFormValues,
  cardStartErrorMessage,
  checkoutDefaults,
  creditsConversionText,
  creditsErrorMessage,
  creditsOption,
  fillEmptyFields,
  isPaidStatus,
  keepKeyAfter,
  requestIdFrom,
  requestProblem,
  splitCheckoutErrors,
  waitForOrder,
} from './checkoutRules';
import { PaymentPanel, type PayState } from './PaymentPanel';
import './checkout.css';

/**
 * /checkout?request={id} (customer-flows §2.7, §4.4, §5): the summary of a pending request as
 * the server prices it, the checkout form prefilled from the profile, and payment by card
 * (CardPayer port) or credits. The order exists only once the server has the money: after a
 * card payment Stripe confirmed, or in the one credits transaction.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const requestParam = params.get('request');
  // The wizard session is read once per page view (it changes only by leaving the page).
  const requestId = useMemo(() => requestIdFrom(requestParam, readWizardSession()), [requestParam]);
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  // What a visitor typed survives the login (the form is mounted anew for the loaded request).
  const draft = useRef<Partial<CheckoutFormValues>>({});

  const request = useQuery({
    queryKey: requestQueryKey(requestId ?? ''),
    queryFn: ({ signal }) => apiCall('getRequest', { params: { id: requestId ?? '' }, signal }),
    enabled: signedIn && requestId !== null,
    // A missing or foreign request will not appear by asking again.
    retry: (count, err) =>
      !(err instanceof ApiError && err.status < 500 && err.status > 0) && count < 2,
  });

  return (
    <div className="page checkout-page">
      <title>{`${es.checkout.title} · ${es.layout.brand}`}</title>
      <header className="checkout-header">
        <h1>{es.checkout.title}</h1>
        <p className="checkout-header__intro">{es.checkout.intro}</p>
      </header>
      {session.status === 'loading' ? (
        <Loading />
      ) : !signedIn ? (
        <Checkout request={null} requestId={requestId} draft={draft} />
      ) : requestId === null ? (
        <Blocked message={es.orders.countryOrRequestMissing} />
      ) : request.isPending ? (
        <Loading label={es.checkout.loadingRequest} />
      ) : request.isError ? (
        <RequestLoadError error={request.error} onRetry={() => void request.refetch()} />
      ) : (
        <Payable request={request.data.request} draft={draft} />
      )}
    </div>
  );
}

function Loading({ label = es.common.loading }: { label?: string }) {
  return (
    <div className="checkout-loading">
      <Spinner label={label} />
    </div>
  );
}

/** The non-empty fields of a draft. */
function typed(values: Partial<CheckoutFormValues>): Partial<CheckoutFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
}

/** The page cannot offer a payment: why, and the way back to the wizard. */
function Blocked({
  message,
  to = '/firmar-documento',
  action = es.checkout.goToWizard,
}: {
  message: string;
  to?: string;
  action?: string;
}) {
  return (
    <Alert
      tone="error"
      action={
        <Link to={to} className="lb-btn lb-btn--secondary lb-btn--sm">
          {action}
        </Link>
      }
    >
      {message}
    </Alert>
  );
}

function RequestLoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return <Blocked message={es.orders.countryOrRequestMissing} />;
  }
  return (
    <Alert
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {es.checkout.retry}
        </Button>
      }
    >
      {es.checkout.requestLoadError}
    </Alert>
  );
}

/** A loaded request: paid already, missing its document, incomplete, or ready to pay. */
function Payable({ request, draft }: { request: SigningRequest; draft: Draft }) {
  const problem = requestProblem(request);
  useEffect(() => {
    // Paid elsewhere (another tab, a webhook after a lost answer): the wizard starts afresh.
    if (problem === 'paid' && readWizardSession()?.requestId === request.id) clearWizardSession();
  }, [problem, request.id]);

  if (problem === 'paid') {
    return (
      <Blocked
        message={es.checkout.requestPaid}
        to={
          request.order_id
            ? `/success?order=${encodeURIComponent(request.order_id)}`
            : '/mis-pedidos'
        }
        action={request.order_id ? es.checkout.viewOrder : es.checkout.viewOrders}
      />
    );
  }
  const wizardLink = `/firmar-documento?request=${encodeURIComponent(request.id)}`;
  if (problem === 'no-document') {
    return (
      <Blocked
        message={es.orders.userOrDocumentMissing}
        to={wizardLink}
        action={es.checkout.completeRequest}
      />
    );
  }
  if (problem === 'incomplete') {
    return (
      <Blocked
        message={es.orders.requestIncomplete}
        to={wizardLink}
        action={es.checkout.completeRequest}
      />
    );
  }
  return <Checkout request={request} requestId={request.id} draft={draft} />;
}

type FormOutput = z.output<typeof checkoutFormSchema>;
type Draft = { current: Partial<CheckoutFormValues> };

/**
 * The form, the summary and the payment. `request` is null for a visitor (requests are read
 * only by their owner): the form is there to fill, and paying asks to log in.
 */
function Checkout({
  request,
  requestId,
  draft,
}: {
  request: SigningRequest | null;
  requestId: string | null;
  draft: Draft;
}) {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const authModal = useAuthModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const { countries, loading: countriesLoading } = useCountry();

  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiCall('getMyProfile', { signal }),
    enabled: signedIn,
  });

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<CheckoutFormValues, unknown, FormOutput>({
    // The form holds every field as a string, a subset of what the schema accepts as input.
    resolver: zodResolver(checkoutFormSchema) as unknown as Resolver<
      CheckoutFormValues,
      unknown,
      FormOutput
    >,
    defaultValues: { ...checkoutDefaults(null, request), ...typed(draft.current) },
    mode: 'onTouched',
  });
  useEffect(() => {
    const subscription = watch((values) => {
      draft.current = values as Partial<CheckoutFormValues>;
    });
    return () => subscription.unsubscribe();
  }, [watch, draft]);

  // The profile (also after a login in the modal) fills the fields the user left empty.
  useEffect(() => {
    if (!profile.data) return;
    const fill = fillEmptyFields(getValues(), checkoutDefaults(profile.data, request));
    for (const [name, value] of Object.entries(fill)) {
      setValue(name as keyof CheckoutFormValues, value, { shouldDirty: false });
    }
  }, [profile.data, request, getValues, setValue]);

  const [useCredits, setUseCredits] = useState(false);
  const [pay, setPay] = useState<PayState>({ step: 'idle' });
  const busyRef = useRef(false);
  const creditsKey = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const quote = request?.quote;
  const credits = creditsOption({
    signedIn,
    balance: wallet.data?.balance,
    creditsNeeded: quote?.credits_needed ?? 0,
    total: quote?.total ?? 0,
  });
  const payWithCredits = useCredits && credits.enabled;

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

  const busy = pay.step === 'paying' || pay.step === 'confirming';
  const totalText = quote ? formatMoney(quote.total, quote.currency_code) : undefined;
  const billingCountryId = watch('billing_country_id');
  const countryName = request
    ? countries.find((c) => c.id === request.country_id)?.name
    : undefined;

  return (
    <>
      {!signedIn ? (
        <Alert
          tone="info"
          className="checkout-login-note"
          action={
            <Button size="sm" onClick={() => authModal.open('login')}>
              {es.auth.login}
            </Button>
          }
        >
          {es.checkout.loginToPay}
        </Alert>
      ) : null}
      <div className="checkout-layout">
        <div className="checkout-aside">
          {request ? (
            <CheckoutSummary request={request} countryName={countryName} />
          ) : (
            <section className="checkout-summary ui-card" aria-label={es.checkout.summaryTitle}>
              <h2 className="checkout-summary__title">{es.checkout.summaryTitle}</h2>
              <p className="checkout-summary__empty">{es.checkout.summaryLogin}</p>
            </section>
          )}
          {request ? (
            <Link
              className="checkout-edit-link"
              to={`/firmar-documento?request=${encodeURIComponent(request.id)}`}
            >
              {es.checkout.editRequest}
            </Link>
          ) : null}
        </div>
        <div className="checkout-main">
          <form
            className="checkout-form"
            noValidate
            aria-label={es.checkout.title}
            onSubmit={(e) => e.preventDefault()}
          >
            <fieldset className="checkout-fieldset" disabled={busy}>
              <CheckoutFields
                register={register}
                errors={errors}
                countries={countries}
                countriesLoading={countriesLoading}
                billingCountryId={billingCountryId}
              />
            </fieldset>
          </form>
          <PaymentPanel
            signedIn={signedIn}
            totalText={totalText}
            creditsNeeded={quote?.credits_needed ?? 0}
            conversion={quote ? creditsConversionText(quote) : null}
            balance={wallet.data?.balance}
            credits={credits}
            useCredits={useCredits}
            onUseCreditsChange={(value) => {
              setUseCredits(value);
              if (pay.step === 'failed') setPay({ step: 'idle' });
            }}
            payer={payer.data}
            payerError={payerError}
            pay={pay}
            onCardSubmit={(card) => void onCardSubmit(card)}
            onCreditsPay={() => void onCreditsPay()}
            onLogin={() => authModal.open('login')}
          />
        </div>
      </div>
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type * as z from 'zod/mini';
import { checkoutFormSchema } from '../../../../shared/contract/orders';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { Alert, Button } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { buyCreditsPath, readCheckoutDraft, saveCheckoutDraft } from '../../lib/checkoutReturn';
import { useCountry } from '../../lib/country/CountryProvider';
import { profileQueryKey } from '../../lib/queryKeys';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { useWallet } from '../../lib/wallet/useWallet';
import { CheckoutFields } from './CheckoutFields';
import { CheckoutSummary } from './CheckoutSummary';
import {
  type CheckoutFormValues,
  checkoutDefaults,
  creditsConversionText,
  creditsOption,
  fillEmptyFields,
} from './checkoutRules';
import { PaymentPanel } from './PaymentPanel';
import { useCheckoutPayment } from './useCheckoutPayment';

/** The non-empty fields of a draft. */
function typed(values: Partial<CheckoutFormValues>): Partial<CheckoutFormValues> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
}

type FormOutput = z.output<typeof checkoutFormSchema>;
export type Draft = { current: Partial<CheckoutFormValues> };

/**
 * The form, the summary and the payment. `request` is null for a visitor (requests are read
 * only by their owner): the form is there to fill, and paying asks to log in.
 */
export function Checkout({
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
  const wallet = useWallet();
  const { countries, loading: countriesLoading } = useCountry();

  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiCall('getMyProfile', { signal }),
    enabled: signedIn,
  });

  // Back from buying credits: what was typed here before (the title first of all).
  const [kept] = useState(() => (requestId ? readCheckoutDraft(requestId) : {}));

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
    defaultValues: { ...checkoutDefaults(null, request), ...kept, ...typed(draft.current) },
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
  const quote = request?.quote;
  const credits = creditsOption({
    signedIn,
    balance: wallet.data?.balance,
    creditsNeeded: quote?.credits_needed ?? 0,
    total: quote?.total ?? 0,
  });
  const payWithCredits = useCredits && credits.enabled;

  const { pay, setPay, payer, payerError, onCardSubmit, onCreditsPay } = useCheckoutPayment({
    signedIn,
    request,
    requestId,
    payWithCredits,
    form: { handleSubmit, setError },
  });

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
            payer={payer}
            payerError={payerError}
            pay={pay}
            onCardSubmit={(card) => void onCardSubmit(card)}
            onCreditsPay={() => void onCreditsPay()}
            onLogin={() => authModal.open('login')}
            buyCreditsTo={buyCreditsPath(requestId)}
            onBuyCredits={() => {
              if (requestId) saveCheckoutDraft(requestId, getValues());
            }}
          />
        </div>
      </div>
    </>
  );
}

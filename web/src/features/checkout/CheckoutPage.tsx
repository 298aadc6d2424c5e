import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { requestQueryKey } from '../../lib/queryKeys';
import { useSession } from '../../lib/session/session';
import { clearWizardSession, readWizardSession } from '../../lib/wizardSession';
import { Checkout, type Draft } from './Checkout';
import { type CheckoutFormValues, requestIdFrom, requestProblem } from './checkoutRules';
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

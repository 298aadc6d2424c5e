import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Order } from '../../../../shared/contract/orders';
import { es, fmt } from '../../../../shared/messages.es';
import { formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';
import { FactList } from '../../components/facts/FactList';
import { orderPaymentFacts, orderStatusFact } from '../../components/facts/orderPaymentFacts';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { orderQueryKey } from '../../lib/queryKeys';
import { clearWizardSession, readWizardSession } from '../../lib/wizardSession';
import '../../styles/status-badge.css';
import './checkout.css';

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /success?order={id} (customer-flows §2.8): the paid order as the server has it, its status,
 * the three next steps, support contact, and the ways on (home, or a new document with the
 * wizard's in-progress data cleared).
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const raw = params.get('order') ?? '';
  const orderId = SAFE_ID.test(raw) ? raw : null;
  const navigate = useNavigate();

  const order = useQuery({
    queryKey: orderQueryKey(orderId ?? ''),
    queryFn: ({ signal }) => apiCall('getOrder', { params: { id: orderId ?? '' }, signal }),
    enabled: orderId !== null,
    retry: (count, err) =>
      !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });

  // Reached after paying: the paid request must not come back in the wizard.
  const paidRequestId = order.data?.order.request_id;
  useEffect(() => {
    if (paidRequestId && readWizardSession()?.requestId === paidRequestId) clearWizardSession();
  }, [paidRequestId]);

  const processAnother = () => {
    clearWizardSession();
    void navigate('/firmar-documento');
  };

  return (
    <div className="page success-page">
      <title>{`${es.pages.successTitle} · ${es.layout.brand}`}</title>
      <header className="success-hero">
        <span className="success-hero__icon" aria-hidden="true">
          <Icon name="check" size={32} />
        </span>
        <h1>{es.checkout.successHeading}</h1>
        <p>{es.checkout.successIntro}</p>
      </header>

      {orderId === null ? (
        <Alert tone="error">{es.checkout.orderMissing}</Alert>
      ) : order.isPending ? (
        <div className="checkout-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : order.isError ? (
        <Alert
          tone="error"
          action={
            order.error instanceof ApiError && order.error.status === 404 ? (
              <Link to="/mis-pedidos">{es.checkout.viewOrders}</Link>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => void order.refetch()}>
                {es.checkout.retry}
              </Button>
            )
          }
        >
          {order.error instanceof ApiError && order.error.status === 404
            ? es.checkout.orderMissing
            : es.checkout.orderLoadError}
        </Alert>
      ) : (
        <OrderDetails order={order.data.order} />
      )}

      <div className="success-grid">
        <NextSteps />
        <Contact />
      </div>

      <div className="success-actions">
        <Link to="/" className="lb-btn lb-btn--secondary lb-btn--lg">
          <Icon name="home" size={18} />
          {es.common.backHome}
        </Link>
        <Button size="lg" icon={<Icon name="fileText" size={18} />} onClick={processAnother}>
          {es.checkout.processAnother}
        </Button>
      </div>
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const headingId = useId();
  const c = es.checkout;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-card__title">
        {c.orderDetails}
      </h2>
      <FactList
        facts={[
          { label: c.orderNumber, value: order.order_number },
          { label: c.orderTitle, value: order.title },
          { label: c.document, value: order.document_name },
          {
            label: c.date,
            value: (
              <time dateTime={order.created_at}>{formatSantiagoDateTime(order.created_at)}</time>
            ),
          },
          orderStatusFact(order),
          ...orderPaymentFacts(order),
          {
            label: c.signers,
            value: fmt(order.signers_count === 1 ? c.signersCountOne : c.signersCount, {
              n: order.signers_count,
            }),
          },
        ]}
      />
    </Card>
  );
}

function NextSteps() {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-card__title">
        {es.checkout.nextStepsTitle}
      </h2>
      <ol className="success-steps">
        {es.checkout.nextSteps.map((step) => (
          <li key={step.title}>
            <div>
              <h3>{step.title}</h3>
              <p>{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Contact() {
  const headingId = useId();
  const c = es.checkout;
  return (
    <Card as="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-card__title">
        {c.contactTitle}
      </h2>
      <p className="muted">{c.contactBody}</p>
      <dl className="success-contact">
        <div>
          <dt>
            <Icon name="mail" size={16} />
            {c.contactEmailLabel}
          </dt>
          <dd>
            <a href={`mailto:${c.contactEmail}`}>{c.contactEmail}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="headset" size={16} />
            {c.contactPhoneLabel}
          </dt>
          <dd>
            <a href={`tel:${c.contactPhone.replace(/\s+/g, '')}`}>{c.contactPhone}</a>
          </dd>
        </div>
        <div>
          <dt>
            <Icon name="clock" size={16} />
            {c.contactHoursLabel}
          </dt>
          <dd>{c.contactHours}</dd>
        </div>
      </dl>
    </Card>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Order, OrderSigner } from '../../../../shared/contract/orders';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { contractedItems } from '../../../../shared/rules/money';
import { FactList } from '../../components/facts/FactList';
import { orderPaymentFacts, orderStatusFact } from '../../components/facts/orderPaymentFacts';
import { Icon } from '../../components/layout-bits/icons';
import { NotarizedActSummary } from '../../components/pdf-signatures/NotarizedActSummary';
import { NotaryRejectionSummary } from '../../components/pdf-signatures/NotaryRejectionSummary';
import { OrderReceiptLinks } from '../../components/receipts/OrderReceiptLinks';
import { Alert, Button, Modal, Spinner, TextField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { deliveryLabel } from '../../lib/orderLabels';
import { orderQueryKey, ordersQueryKey } from '../../lib/queryKeys';
import { formatCode, verifyPath } from '../../lib/verifyCode';
import { CancelOrder } from './CancelOrder';
import { OrderActivity } from './OrderActivity';
import { OrderChat } from './OrderChat';
import {
  canResend,
  formatOrderDateTime,
  resendErrorMessage,
  signerStatusView,
  titleEdit,
} from './orderRules';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The order detail modal (§2.9): the order's data, its editable title (trimmed; empty or
 * unchanged is ignored without a call) and its signers with their status and a resend-link
 * action unless they signed.
 */
export function OrderDetailModal({
  orderId,
  orderNumber,
  onClose,
}: {
  orderId: string;
  orderNumber: string;
  onClose(): void;
}) {
  const order = useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => apiCall('getOrder', { params: { id: orderId }, signal }),
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={fmt(es.checkout.orderModalTitle, {
        number: order.data?.order.order_number ?? orderNumber,
      })}
      size="lg"
      className="order-modal"
    >
      {order.isPending ? (
        <div className="orders-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : order.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void order.refetch()}>
              {es.checkout.retry}
            </Button>
          }
        >
          {es.checkout.orderLoadError}
        </Alert>
      ) : (
        <OrderDetail order={order.data.order} />
      )}
    </Modal>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const c = es.checkout;
  const bought = contractedItems(order.items);
  const files: { url: string; label: string }[] = [];
  for (const [url, label] of [
    [order.original_file_url, c.fileOriginal],
    [order.signed_file_url, c.fileSigned],
    [order.fea_signed_file_url, c.fileFeaSigned],
    [order.notarized_file_url, c.fileNotarized],
  ] as const) {
    // Only web links become hrefs (never a javascript: or data: URL, whatever is stored).
    if (url && /^https?:\/\//i.test(url)) files.push({ url, label });
  }
  return (
    <div className="order-detail">
      <TitleEditor order={order} />

      <FactList
        layout="grid"
        className="order-facts"
        facts={[
          { label: c.orderNumber, value: order.order_number },
          orderStatusFact(order),
          {
            label: c.date,
            value: <time dateTime={order.created_at}>{formatOrderDateTime(order.created_at)}</time>,
          },
          { label: c.document, value: order.document_name },
          order.document_sha256 && {
            label: es.documents.fingerprint,
            // The short form people compare; the whole hash on hover and when copied.
            value: (
              <Fingerprint hash={order.document_sha256} title={es.documents.fingerprintTitle} />
            ),
          },
          order.verification_code && {
            label: es.verify.code,
            // The public page anyone holding the sealed PDF can check it on.
            value: (
              <Link className="order-verify-code" to={verifyPath(order.verification_code)}>
                {formatCode(order.verification_code)}
              </Link>
            ),
          },
          order.signed_sha256 && {
            label: es.verify.signedFingerprint,
            value: (
              <Fingerprint hash={order.signed_sha256} title={es.verify.signedFingerprintTitle} />
            ),
          },
          { label: c.delivery, value: deliveryLabel(order.delivery_options) },
          ...orderPaymentFacts(order),
        ]}
      />
      <OrderReceiptLinks orderId={order.id} paidAt={order.created_at} />

      {bought.length > 0 ? (
        <section className="order-section" aria-label={c.items}>
          <h3 className="order-section__title">{c.items}</h3>
          <ul className="order-items">
            {bought.map((item) => (
              <li key={item.id}>
                <span>
                  {item.name}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                </span>
                <span className="order-items__price">
                  {formatMoney(item.item_total, order.currency_code)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {files.length > 0 ? (
        <section className="order-section" aria-label={c.files}>
          <h3 className="order-section__title">{c.files}</h3>
          <ul className="order-files">
            {files.map((f) => (
              <li key={f.label}>
                <a href={f.url} target="_blank" rel="noopener noreferrer">
                  <Icon name="fileText" size={16} />
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.notarized_act ? (
        <div className="order-section">
          <NotarizedActSummary act={order.notarized_act} />
        </div>
      ) : null}
      {order.notary_rejection ? (
        <div className="order-section">
          <NotaryRejectionSummary rejection={order.notary_rejection} />
        </div>
      ) : null}

      {/* Keyed by status: a cancellation clears a resend's message along with the button. */}
      <Signers key={order.status} order={order} />
      <CancelOrder order={order} />
      {order.notarial_stage ? <OrderChat orderId={order.id} /> : null}
      <OrderActivity orderId={order.id} />
    </div>
  );
}

/** A SHA-256 as its first 12 characters, monospace to compare; the whole hash on hover. */
function Fingerprint({ hash, title }: { hash: string; title: string }) {
  return (
    <code className="order-fingerprint" title={fmt(title, { hash })} data-hash={hash}>
      {hash.slice(0, 12)}
    </code>
  );
}

function TitleEditor({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(order.title);
  const [notice, setNotice] = useState<Notice>(null);
  const c = es.checkout;

  const save = useMutation({
    mutationFn: (title: string) =>
      apiCall('updateOrderTitle', { params: { id: order.id }, body: { title } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(orderQueryKey(order.id), saved);
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, 'list'] });
      setValue(saved.order.title);
      setNotice({ tone: 'success', text: c.titleSaved });
    },
    onError: () => setNotice({ tone: 'error', text: es.orders.titleError }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edit = titleEdit(order.title, value);
    // §5: an empty or unchanged title is ignored (no call); the field shows the title again.
    if (edit.kind === 'ignore') {
      setValue(order.title);
      return;
    }
    setNotice(null);
    save.mutate(edit.title);
  };

  return (
    <form className="order-title" onSubmit={submit} noValidate>
      <div className="order-title__row">
        <TextField
          label={c.editTitleLabel}
          value={value}
          maxLength={200}
          onChange={(e) => {
            setValue(e.target.value);
            if (notice) setNotice(null);
          }}
          className="order-title__field"
        />
        <Button
          type="submit"
          variant="secondary"
          loading={save.isPending}
          loadingLabel={c.savingTitle}
          icon={<Icon name="pen" size={16} />}
        >
          {c.saveTitle}
        </Button>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </form>
  );
}

function Signers({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const c = es.checkout;

  const resend = useMutation({
    mutationFn: (signer: OrderSigner) =>
      apiCall('resendSigningLink', { params: { id: order.id, signerId: signer.id } }),
    onSuccess: (answer) => {
      setNotice({ tone: 'success', text: answer.message });
      // 'Último enlace enviado' and the activity show the new link (issue 21).
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, order.id, 'activity'] });
    },
    onError: (err) => setNotice({ tone: 'error', text: resendErrorMessage(err) }),
  });

  const onResend = (signer: OrderSigner) => {
    // §5: resending needs a link issued to the signer (the server checks again); an expired
    // one is what a resend is for.
    if (!signer.has_token && !signer.token_expires_at) {
      setNotice({ tone: 'error', text: es.orders.signerNoToken });
      return;
    }
    setNotice(null);
    resend.mutate(signer);
  };

  return (
    <section className="order-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-section__title">
        {c.signers} ({order.signers.length})
      </h3>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <ul className="order-signers">
        {order.signers.map((signer) => {
          const view = signerStatusView(signer.estado_firma, order.status);
          const name = `${signer.first_name} ${signer.last_name}`;
          const sending = resend.isPending && resend.variables?.id === signer.id;
          return (
            <li key={signer.id} className="order-signer">
              <div className="order-signer__who">
                <span className="order-signer__name">{name}</span>
                <span className="order-signer__email">{signer.email}</span>
                <span className="order-signer__type">
                  {fmt(c.signerSignatureType, {
                    type: es.signing.typeTitles[signer.signature_type],
                  })}
                </span>
                {signer.link_sent_at ? (
                  <span className="order-signer__sent">
                    {fmt(c.linkSentAt, { date: formatOrderDateTime(signer.link_sent_at) })}
                  </span>
                ) : null}
                {signer.last_reminder_at ? (
                  <span className="order-signer__sent">
                    {fmt(c.lastReminderAt, { date: formatOrderDateTime(signer.last_reminder_at) })}
                  </span>
                ) : null}
                {signer.link_sent_at ||
                order.status !== 'processing' ? null : signer.turn_waiting ? (
                  <span className="order-signer__waiting" title={c.turnWaitingHint}>
                    {c.turnWaiting}
                  </span>
                ) : signer.has_token ? (
                  // The outbox still owes this signer's first mail (mail service down).
                  <span className="order-signer__unsent" title={c.linkNotSentHint}>
                    {c.linkNotSent}
                  </span>
                ) : null}
              </div>
              <span
                className={`status-badge status-badge--${view.tone}`}
                title={fmt(c.signerStatus, { status: view.label })}
              >
                {view.icon === 'clock' ? (
                  <Icon name="clock" size={14} />
                ) : view.icon === 'check' ? (
                  <Icon name="check" size={14} />
                ) : view.icon === 'x' ? (
                  <Icon name="x" size={14} />
                ) : (
                  <Icon name="help" size={14} />
                )}
                {view.label}
              </span>
              {canResend(signer, order.status) ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="order-signer__resend"
                  aria-label={fmt(c.resendLinkTo, { name })}
                  loading={sending}
                  loadingLabel={c.resending}
                  disabled={resend.isPending && !sending}
                  icon={<Icon name="send" size={14} />}
                  onClick={() => onResend(signer)}
                >
                  {c.resendLink}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

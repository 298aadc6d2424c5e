import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { NotaryAssignmentDetail } from '../../../../shared/contract/notary';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';
import { ActivityTimeline } from '../../components/activity/ActivityTimeline';
import { ChatThread } from '../../components/chat/ChatThread';
import { FactList } from '../../components/facts/FactList';
import { NotarizedActSummary } from '../../components/pdf-signatures/NotarizedActSummary';
import { NotaryRejectionSummary } from '../../components/pdf-signatures/NotaryRejectionSummary';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { statusTone } from '../../lib/assignmentStatus';
import '../../styles/status-badge.css';
import { NotarizeForm } from './NotarizeForm';
import { RejectForm } from './RejectForm';
import './notary-document.css';

const t = es.notaryDocument;
const statusLabel = (s: string) =>
  (es.organizations.assignmentStatus as Record<string, string>)[s] ?? s;

/**
 * The notary's document page (/notary-document/{id}, also #chat and ?action=decide): what the
 * notary needs to decide on one of its assignments — the service, the deadlines, the signed
 * and sealed document, the signers, the order's audit trail, the chat with the customer, and
 * the decision. Only in the notary's own work context (the server refuses any other).
 */
export function NotaryDocumentPage() {
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['notary', 'assignment', id],
    queryFn: ({ signal }) => apiCall('getNotaryAssignment', { params: { id }, signal }),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });

  return (
    <div className="notary-document">
      <Link className="notary-document__back" to="/notary-dashboard">
        ← {t.back}
      </Link>
      {detail.isPending ? (
        <Spinner label={es.common.loading} />
      ) : detail.isError ? (
        <LoadFailure error={detail.error} retry={() => void detail.refetch()} />
      ) : (
        <Detail data={detail.data} />
      )}
    </div>
  );
}

function LoadFailure({ error, retry }: { error: Error; retry(): void }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <Alert tone="error" title={es.organizations.accessRestricted}>
        {error.message || es.organizations.notaryContextRequired}{' '}
        <Link to="/organization-dashboard">{es.nav.organizationDashboard}</Link>
      </Alert>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return <Alert tone="error">{t.notFound}</Alert>;
  }
  return (
    <Alert
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={retry}>
          {es.common.retry}
        </Button>
      }
    >
      {t.loadError}
    </Alert>
  );
}

function Detail({ data }: { data: NotaryAssignmentDetail }) {
  const { assignment: a, order, activity } = data;
  const location = useLocation();
  const chatRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // '#chat' (the card's chat button, the mail's link) opens the page at the chat.
    if (location.hash === '#chat') chatRef.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);
  const files = [
    [order.original_file_url, t.fileOriginal],
    [order.signed_file_url, t.fileSigned],
    [order.notarized_file_url, es.notarized.orderTitle],
  ].filter((f): f is [string, string] => !!f[0] && /^https?:\/\//i.test(f[0]));

  return (
    <>
      <header className="notary-document__header">
        <h1>{fmt(es.notary.orderNumber, { number: a.order_number })}</h1>
        <span className={`status-badge status-badge--${statusTone(a.status)}`}>
          {statusLabel(a.status)}
        </span>
        {a.is_overdue_to_take || a.is_overdue_to_process ? (
          <span className="status-badge status-badge--error">{es.notary.overdueFlag}</span>
        ) : null}
      </header>

      <div className="notary-document__grid">
        <div className="notary-document__main">
          <Card as="section" title={t.document} titleLevel={2}>
            <FactList
              layout="grid"
              facts={[
                { label: t.service, value: a.service_name || a.service_code },
                { label: t.status, value: statusLabel(a.status) },
                { label: t.assignedAt, value: formatSantiagoDateTime(a.assigned_at) },
                a.status === 'assigned' && {
                  label: t.takeDue,
                  value: formatSantiagoDateTime(a.take_due),
                },
                a.process_due && {
                  label: t.processDue,
                  value: formatSantiagoDateTime(a.process_due),
                },
                { label: t.document, value: order.document_name },
                { label: t.title, value: order.title },
                order.verification_code && {
                  label: t.verification,
                  value: order.verification_code,
                },
              ]}
            />
            {files.length ? (
              <ul className="notary-document__files" aria-label={t.files}>
                {files.map(([url, label]) => (
                  <li key={label}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </Card>

          <Card as="section" title={`${t.signers} (${order.signers.length})`} titleLevel={2}>
            <ul className="notary-document__signers">
              {order.signers.map((s) => (
                <li key={s.id}>
                  <span className="notary-document__signer-name">
                    {s.first_name} {s.last_name}
                  </span>
                  <span>{s.id_number}</span>
                  <span>{s.email}</span>
                  <span>
                    {s.signed_at
                      ? fmt(t.signerSigned, { date: formatSantiagoDateTime(s.signed_at) })
                      : t.signerPending}
                  </span>
                </li>
              ))}
            </ul>
          </Card>

          <Card as="section" title={t.activity} titleLevel={2}>
            <ActivityTimeline events={activity.events} chainOk={activity.chain_ok} />
          </Card>
        </div>

        <div className="notary-document__side">
          <Decision data={data} />
          <Card>
            <div ref={chatRef}>
              <ChatThread
                id="chat"
                me="notary"
                title={es.chat.notaryTitle}
                queryKey={['notary', 'assignment', a.id, 'messages']}
                read={(signal) => apiCall('listNotaryMessages', { params: { id: a.id }, signal })}
                write={(body, key) =>
                  apiCall('postNotaryMessage', {
                    params: { id: a.id },
                    body: { body, idempotency_key: key },
                  })
                }
              />
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

/** The moves of this assignment: take it, start the review, approve, notarize, reject. */
function Decision({ data }: { data: NotaryAssignmentDetail }) {
  const a = data.assignment;
  const client = useQueryClient();
  const [params] = useSearchParams();
  const act = useMutation({
    mutationFn: (action: 'take_document' | 'start_review' | 'approve') =>
      apiCall('notaryAction', { body: { action, assignment_id: a.id } }),
    onSuccess: (_res, action) => {
      toast.success(
        action === 'take_document'
          ? es.organizations.taken
          : action === 'approve'
            ? t.approved
            : es.notary.reviewStarted,
      );
      void client.invalidateQueries({ queryKey: ['notary'] });
    },
    onError: (err, action) =>
      toast.error(
        err instanceof ApiError && err.message
          ? err.message
          : action === 'take_document'
            ? es.organizations.takeError
            : t.actionError,
      ),
  });
  const decide = params.get('action') === 'decide';
  const { mutate, isIdle } = act;
  useEffect(() => {
    // 'Tomar Decisión' opens the page with ?action=decide: the review starts with the visit.
    if (decide && a.status === 'taken' && isIdle) mutate('start_review');
  }, [decide, a.status, isIdle, mutate]);

  const decided = a.status === 'approved' || a.status === 'notarized' || a.status === 'rejected';
  return (
    <Card as="section" title={t.decision} titleLevel={2} className="notary-document__decision">
      {decided ? (
        <>
          <p>{fmt(t.decided, { status: statusLabel(a.status) })}</p>
          {data.order.notarized_act ? <NotarizedActSummary act={data.order.notarized_act} /> : null}
          {data.order.notary_rejection ? (
            <NotaryRejectionSummary rejection={data.order.notary_rejection} />
          ) : null}
        </>
      ) : a.status === 'assigned' ? (
        <>
          <p>{t.takeFirst}</p>
          <Button
            loading={act.isPending}
            loadingLabel={es.notary.taking}
            onClick={() => act.mutate('take_document')}
          >
            {es.notary.take}
          </Button>
        </>
      ) : (
        <>
          <p>{t.decisionIntro}</p>
          <div className="notary-document__actions">
            {a.status === 'taken' ? (
              <Button
                variant="secondary"
                disabled={act.isPending}
                onClick={() => act.mutate('start_review')}
              >
                {t.startReview}
              </Button>
            ) : null}
            <Button
              loading={act.isPending && act.variables === 'approve'}
              loadingLabel={t.approving}
              disabled={act.isPending}
              onClick={() => {
                if (window.confirm(t.approveConfirm)) act.mutate('approve');
              }}
            >
              {t.approve}
            </Button>
          </div>
          <NotarizeForm assignmentId={a.id} orderCreatedAt={data.order.created_at} />
          <RejectForm assignmentId={a.id} />
        </>
      )}
    </Card>
  );
}

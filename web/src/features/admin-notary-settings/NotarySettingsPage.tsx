import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { NotarySettingsForm } from './NotarySettingsForm';
import '../../components/credit-screens/credit-screens.css';
import '../../styles/status-badge.css';
import './admin-notary-settings.css';

const settingsKey = (id: string) => ['admin', 'notary-settings', id] as const;

/** Why the settings cannot be shown, in Spanish: no such organisation, not a notary, or other. */
function loadErrorOf(error: Error): { message: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 404) {
    return { message: es.organizations.organizationNotFound, retry: false };
  }
  if (error instanceof ApiError && error.status === 422) {
    return { message: es.notary.notANotary, retry: false };
  }
  return { message: es.notary.settingsLoadError, retry: true };
}

/**
 * /admin/notary/{id}/settings (screen 17's notary settings link; design:
 * docs/drafts/notarial-design.md §3): what a notary takes, where, with which weight and within
 * which times, and whether it receives assignments now. The assignment reads what is saved here.
 */
export function NotarySettingsPage() {
  const t = es.notary;
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey(id),
    queryFn: ({ signal }) => apiCall('getAdminNotarySettings', { params: { id }, signal }),
    enabled: id !== '',
  });
  const data = settings.data;
  const title = fmt(t.settingsTitle, { organization: data?.organization.name ?? '…' });
  const failure = settings.isError ? loadErrorOf(settings.error) : null;
  return (
    <div className="page credits-page notary-settings-page">
      <title>{`${data ? title : es.pages.notarySettingsTitle} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{data ? title : es.pages.notarySettingsTitle}</h1>
          <p className="credits-header__intro">
            {data && !data.organization.is_active ? (
              <>
                <span className="status-badge status-badge--muted">
                  {es.organizations.inactive}
                </span>{' '}
              </>
            ) : null}
            {t.settingsIntro}
          </p>
        </div>
        <div className="credits-header__actions">
          <Link to="/admin/organizations?type=notary" className="lb-btn lb-btn--secondary">
            {es.organizations.backToOrganizations}
          </Link>
        </div>
      </header>
      {!id ? <Alert tone="info">{t.settingsChoose}</Alert> : null}
      {settings.isPending && id ? <Spinner label={es.common.loading} /> : null}
      {failure ? (
        <Alert
          tone="error"
          action={
            failure.retry ? (
              <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
                {es.common.retry}
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </Alert>
      ) : null}
      {data ? (
        <NotarySettingsForm
          // A new answer (another notary, a reload) starts the form again from it.
          key={`${data.organization.id}:${data.settings.updated_at ?? ''}`}
          data={data}
          onSaved={(saved) => queryClient.setQueryData(settingsKey(id), saved)}
        />
      ) : null}
    </div>
  );
}

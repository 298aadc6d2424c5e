import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import toast from 'react-hot-toast';
import type { Country } from '../../../../shared/contract/countries';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Spinner } from '../../components/ui';
import { ApiError, apiCall } from '../../lib/api';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { AnalysisPanel } from './AnalysisPanel';
import { PdfPreview } from './pdf-preview/PdfPreview';
import { isGone, retryTransient, wizardKeys } from './queries';
import { uploadDocument, uploadErrorMessage } from './upload';
import {
  DROPZONE_ACCEPT,
  type DraftDocument,
  formatFileSize,
  MAX_DOCUMENT_BYTES,
  rejectionMessage,
} from './wizardRules';

interface DocumentStepProps {
  country: Country;
  document: DraftDocument | null;
  onDocument(doc: DraftDocument | null): void;
}

/**
 * Step 1 (§2.5): one PDF, DOC or DOCX of at most 10 MB, dropped or picked, uploaded straight to
 * storage and checked by the server; then its preview, a remove button and the optional AI
 * analysis. A visitor may pick a file: the login modal opens and the upload starts once they
 * are in (the file waits in memory).
 */
export function DocumentStep({ country, document, onDocument }: DocumentStepProps) {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const authModal = useAuthModal();
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  /** null: idle; 0..1: sending; 1: the server is checking the file. */
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const uploading = progress !== null;

  const start = useCallback(
    async (file: File) => {
      setError(null);
      setProgress(0);
      try {
        const doc = await uploadDocument(file, setProgress);
        onDocument({ id: doc.id, file_name: doc.file_name, size: doc.size, kind: doc.kind });
        toast.success(es.wizard.uploaded);
      } catch (err) {
        setError(uploadErrorMessage(err));
      } finally {
        setProgress(null);
      }
    },
    [onDocument],
  );

  // The visitor logged in: upload the file they picked before.
  useEffect(() => {
    if (!signedIn || !pendingFile) return;
    setPendingFile(null);
    void start(pendingFile);
  }, [signedIn, pendingFile, start]);

  // A file picked while the session was still being restored waits for it: uploaded at once
  // when it is a signed-in user (above), the login modal when it turns out to be a visitor.
  const [awaitingSession, setAwaitingSession] = useState(false);
  useEffect(() => {
    if (!awaitingSession || status === 'loading') return;
    setAwaitingSession(false);
    if (status !== 'signedIn' && pendingFile) authModal.open('login');
  }, [awaitingSession, status, pendingFile, authModal]);

  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    setError(null);
    if (rejections.length > 0) {
      setError(rejectionMessage(rejections.flatMap((r) => r.errors.map((e) => String(e.code)))));
      return;
    }
    const file = accepted[0];
    if (!file) return;
    if (status === 'loading') {
      setPendingFile(file);
      setAwaitingSession(true);
      return;
    }
    if (!signedIn) {
      setPendingFile(file);
      authModal.open('login');
      return;
    }
    void start(file);
  };

  const dropzone = useDropzone({
    onDrop,
    accept: DROPZONE_ACCEPT,
    maxSize: MAX_DOCUMENT_BYTES,
    minSize: 1,
    maxFiles: 1,
    multiple: false,
    disabled: uploading || pendingFile !== null,
  });

  return (
    <div className="wizard-columns">
      <div className="wizard-columns__main">
        {document ? (
          <DocumentCard document={document} onRemoved={() => onDocument(null)} />
        ) : pendingFile && status !== 'loading' ? (
          <Alert
            tone="info"
            title={es.wizard.loginToContinueTitle}
            action={
              <div className="wizard-actions">
                <Button size="sm" onClick={() => authModal.open('login')}>
                  {es.wizard.loginToUpload}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setPendingFile(null)}>
                  {es.wizard.discardFile}
                </Button>
              </div>
            }
          >
            {fmt(es.wizard.pendingLogin, { name: pendingFile.name })}
          </Alert>
        ) : (
          <>
            {/* The drop area is the control (a button); the file input behind it, out of the tab
                order, sits beside it and is hidden from assistive technology. */}
            <input {...dropzone.getInputProps({ 'aria-hidden': true })} />
            <div
              {...dropzone.getRootProps({
                className: [
                  'dropzone',
                  dropzone.isDragActive && 'dropzone--active',
                  (uploading || pendingFile) && 'dropzone--busy',
                ]
                  .filter(Boolean)
                  .join(' '),
                role: 'button',
                'aria-label': es.wizard.dropzoneLabel,
                'aria-describedby': hintId,
                'aria-disabled': uploading || undefined,
              })}
            >
              <DropzoneFace active={dropzone.isDragActive} hintId={hintId} />
              {uploading ? <UploadProgress fraction={progress} /> : null}
            </div>
          </>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <RetentionNote />
      </div>

      <div className="wizard-columns__side">
        <UploadTips />
        <AnalysisPanel country={country} document={document} />
      </div>
    </div>
  );
}

/** The drop area's icon and texts: the live drop area's and the loading preview's. */
export function DropzoneFace({ active = false, hintId }: { active?: boolean; hintId: string }) {
  return (
    <>
      <span className="dropzone__icon" aria-hidden="true">
        <Icon name="upload" size={28} />
      </span>
      <span className="dropzone__label">
        {active ? es.wizard.dropzoneActive : es.wizard.dropzoneLabel}
      </span>
      <span id={hintId} className="dropzone__hint">
        {es.wizard.dropzoneHint}
      </span>
    </>
  );
}

/** §2.5: uploaded documents are deleted after 30 days. */
export function RetentionNote() {
  return (
    <p className="wizard-note">
      <Icon name="clock" size={16} />
      {es.documents.retention}
    </p>
  );
}

/** What to know before uploading (the side column of step 1). */
export function UploadTips() {
  const titleId = useId();
  return (
    <aside className="wizard-info" aria-labelledby={titleId}>
      <h3 id={titleId} className="wizard-info__title">
        <Icon name="shieldCheck" size={18} />
        {es.wizard.infoTitle}
      </h3>
      <ul className="wizard-info__list">
        {es.wizard.infoItems.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </aside>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  const verifying = fraction >= 1;
  const label = verifying ? es.wizard.verifying : fmt(es.wizard.uploadingPercent, { percent });
  return (
    <span className="dropzone__progress" role="status">
      {verifying ? <Spinner size={16} /> : null}
      <span>{label}</span>
      <progress max={100} value={percent} aria-label={label} />
    </span>
  );
}

/** The uploaded document: name, size, remove, and its preview (PDF) or download (Word). */
function DocumentCard({ document, onRemoved }: { document: DraftDocument; onRemoved(): void }) {
  const queryClient = useQueryClient();
  const view = useQuery({
    queryKey: wizardKeys.document(document.id),
    queryFn: ({ signal }) => apiCall('getDocument', { params: { id: document.id }, signal }),
    retry: retryTransient,
    refetchOnWindowFocus: false,
    // The link is short-lived: re-read it once it may have expired.
    staleTime: (q) => Math.max(0, ((q.state.data?.expires_in ?? 300) - 30) * 1000),
  });

  // The file is gone (deleted elsewhere, expired after 30 days): back to the dropzone.
  const gone = view.isError && isGone(view.error);
  useEffect(() => {
    if (gone) onRemoved();
  }, [gone, onRemoved]);

  const remove = useMutation({
    mutationFn: () => apiCall('deleteDocument', { params: { id: document.id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: wizardKeys.document(document.id) });
      toast.success(es.wizard.documentRemoved);
      onRemoved();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 404) {
        // Already gone: nothing left to remove.
        queryClient.removeQueries({ queryKey: wizardKeys.document(document.id) });
        onRemoved();
        return;
      }
      // A paid order's document cannot go: the server says so; anything else is the spec's text.
      const own = err instanceof ApiError && (err.status === 409 || err.status === 422);
      toast.error(own ? err.message : es.documents.deleteError);
    },
  });

  const isPdf = document.kind === 'pdf';
  const url = view.data?.view_url;
  // A link clicked after it expired is re-read first.
  const openFresh = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!view.isStale) return;
    event.preventDefault();
    const fresh = await view.refetch();
    const next = fresh.data?.view_url;
    if (next) window.open(next, '_blank', 'noopener');
  };

  return (
    <div className="doc-card">
      <div className="doc-card__head">
        <span className="doc-card__icon" aria-hidden="true">
          <Icon name="fileText" size={24} />
        </span>
        <div className="doc-card__meta">
          <p className="doc-card__name">{document.file_name}</p>
          <p className="doc-card__size">
            <span className="doc-card__kind">{document.kind.toUpperCase()}</span>
            {document.size > 0
              ? fmt(es.wizard.fileSize, { size: formatFileSize(document.size) })
              : null}
            <span className="doc-card__ready">
              <Icon name="check" size={14} strokeWidth={3} />
              {es.wizard.documentReady}
            </span>
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          icon={<Icon name="x" />}
          loading={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {es.wizard.removeDocument}
        </Button>
      </div>

      {view.isPending ? (
        <div className="doc-card__loading">
          <Spinner label={es.wizard.previewLoading} />
        </div>
      ) : view.isError || !url ? (
        gone ? null : (
          <Alert
            tone="warning"
            action={
              <Button variant="secondary" size="sm" onClick={() => void view.refetch()}>
                {es.wizard.retry}
              </Button>
            }
          >
            {/* The store did not answer (503): its own Spanish "try again" text. */}
            {view.error instanceof ApiError && view.error.status === 503
              ? view.error.message
              : es.wizard.previewError}
          </Alert>
        )
      ) : isPdf ? (
        <div className="doc-preview">
          <PdfPreview url={url} name={document.file_name} />
          <a
            className="doc-preview__open"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={openFresh}
          >
            {es.wizard.openInNewTab}
          </a>
        </div>
      ) : (
        <div className="doc-preview doc-preview--word">
          <p className="muted">{es.wizard.wordNoPreview}</p>
          <a
            className="lb-btn lb-btn--secondary"
            href={url}
            download={document.file_name}
            rel="noopener noreferrer"
            onClick={openFresh}
          >
            <Icon name="fileText" size={18} />
            {fmt(es.wizard.download, { name: document.file_name })}
          </a>
        </div>
      )}
    </div>
  );
}

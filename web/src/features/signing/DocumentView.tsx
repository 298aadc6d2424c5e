import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import type { SigningComponent } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button } from '../../components/ui';
import { documentKind, downloadDocument, openDocument } from './documentFile';
import { PdfPages } from './PdfPages';

const t = es.signing;

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="m7 10 5 5 5-5M12 15V3" />
    </svg>
  );
}

/**
 * A document component: a PDF drawn in the page plus 'Abrir' and 'Descargar'; a Word file
 * offered as a download only (§2 screen 8, issue 12).
 */
export function DocumentView({
  component,
  fallbackName,
}: {
  component: SigningComponent;
  fallbackName?: string | null;
}) {
  const url = component.value === undefined ? '' : String(component.value);
  const name = component.label || fallbackName || t.documentFallbackName;
  const kind = documentKind(name, url);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const failed = useCallback(() => setPreviewFailed(true), []);

  const open = () => {
    try {
      if (!openDocument(url)) toast.error(t.popupBlocked);
    } catch {
      toast.error(t.documentOpenError);
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadDocument(url, name);
    } catch {
      toast.error(t.documentDownloadError);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="sign-doc">
      <p className="sign-doc__name">
        <Icon name="fileText" size={18} />
        <span>{name}</span>
      </p>
      {kind === 'pdf' && url && !previewFailed ? (
        <PdfPages url={url} name={name} onError={failed} />
      ) : null}
      {previewFailed ? <Alert tone="warning">{t.documentPreviewError}</Alert> : null}
      {kind === 'word' ? <p className="sign-doc__hint">{t.documentWordHint}</p> : null}
      <div className="sign-doc__actions">
        {kind !== 'word' ? (
          <Button variant="secondary" onClick={open} disabled={!url} icon={<Icon name="eye" />}>
            {t.documentOpen}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={download}
          disabled={!url}
          loading={downloading}
          icon={<DownloadIcon />}
        >
          {t.documentDownload}
        </Button>
      </div>
    </div>
  );
}

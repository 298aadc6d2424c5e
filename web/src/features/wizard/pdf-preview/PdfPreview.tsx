import { useCallback, useState } from 'react';
import { es, fmt } from '../../../../../shared/messages.es';
import { LazyPdfPages } from '../../../components/pdf-pages/LazyPdfPages';
import { Alert, Button } from '../../../components/ui';

const pageLabel = (page: number, total: number) => fmt(es.wizard.previewPage, { page, total });

/**
 * The uploaded PDF, drawn by pdf.js on one canvas per page (components/pdf-pages): no frame and
 * no browser PDF viewer, so the file never runs anything anywhere (Chromium refuses to show a
 * PDF in a sandboxed frame, so a frame could not be sandboxed). When it cannot be drawn, a
 * warning with 'Reintentar', which loads it again.
 */
export function PdfPreview({ url, name }: { url: string; name: string }) {
  // The address that failed: another document (or a fresh link) is tried at once.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = useCallback(() => setFailedUrl(url), [url]);

  if (failedUrl === url) {
    return (
      <Alert
        tone="warning"
        action={
          <Button variant="secondary" size="sm" onClick={() => setFailedUrl(null)}>
            {es.wizard.retry}
          </Button>
        }
      >
        {es.wizard.previewRenderError}
      </Alert>
    );
  }
  return (
    <LazyPdfPages
      url={url}
      label={fmt(es.wizard.previewTitle, { name })}
      loadingLabel={es.wizard.previewLoading}
      pageLabel={pageLabel}
      onError={failed}
      className="doc-preview__frame"
      // The wizard's e2e finds the drawn pages by this class.
      pageClassName="doc-preview__page"
    />
  );
}

import { es, fmt } from '../../../../shared/messages.es';
import { LazyPdfPages } from '../../components/pdf-pages/LazyPdfPages';

const t = es.signing;
const pageLabel = (page: number, total: number) => fmt(t.documentPage, { page, total });

/**
 * The signer's document, page by page (components/pdf-pages). On a failure nothing is drawn
 * and `onError` lets DocumentView say so; 'Abrir' and 'Descargar' still work.
 */
export function PdfPages({ url, name, onError }: { url: string; name: string; onError(): void }) {
  return (
    <LazyPdfPages
      url={url}
      label={fmt(t.documentPreview, { name })}
      loadingLabel={t.documentLoading}
      pageLabel={pageLabel}
      onError={onError}
      className="sign-doc__pages"
    />
  );
}

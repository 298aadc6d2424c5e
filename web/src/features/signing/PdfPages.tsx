import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { es, fmt } from '../../../../shared/messages.es';
import { Spinner } from '../../components/ui';

const t = es.signing;
/** Pages are drawn at most this many device pixels wide (phones have little memory). */
const MAX_CANVAS_WIDTH = 2000;

type Loaded =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; pdf: PDFDocumentProxy };

/**
 * The PDF's pages, one canvas each, in a scrollable box; a page is drawn when it comes near
 * the visible part. pdf.js arrives with the first PDF (./pdfDocument, dynamic imports).
 */
export function PdfPages({ url, name, onError }: { url: string; name: string; onError(): void }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    let opened: PDFDocumentProxy | undefined;
    setLoaded({ status: 'loading' });
    import('./pdfDocument')
      .then(({ openPdf }) => openPdf(url, controller.signal))
      .then((pdf) => {
        opened = pdf;
        if (live) setLoaded({ status: 'ready', pdf });
        else void pdf.destroy();
      })
      .catch(() => {
        if (live) {
          setLoaded({ status: 'error' });
          onError();
        }
      });
    return () => {
      live = false;
      controller.abort();
      void opened?.destroy();
    };
  }, [url, onError]);

  if (loaded.status === 'error') return null;
  const total = loaded.status === 'ready' ? loaded.pdf.numPages : 0;
  return (
    <section
      ref={box}
      className="sign-doc__pages"
      aria-label={fmt(t.documentPreview, { name })}
      aria-busy={loaded.status === 'loading'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard to scroll it.
      tabIndex={0}
    >
      {loaded.status === 'loading' ? (
        <div className="sign-doc__loading">
          <Spinner label={t.documentLoading} />
        </div>
      ) : (
        Array.from({ length: total }, (_, i) => (
          <PdfPage
            // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the identity.
            key={i}
            pdf={loaded.pdf}
            page={i + 1}
            total={total}
            root={box}
            onError={onError}
          />
        ))
      )}
    </section>
  );
}

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  page: number;
  total: number;
  root: RefObject<HTMLElement | null>;
  onError(): void;
}

function PdfPage({ pdf, page, total, root, onError }: PdfPageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [shape, setShape] = useState('1 / 1.414');

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { root: root.current, rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near) return;
    let live = true;
    let task: RenderTask | undefined;
    (async () => {
      const proxy = await pdf.getPage(page);
      const el = canvas.current;
      if (!live || !el) return;
      const base = proxy.getViewport({ scale: 1 });
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      const width = Math.min(MAX_CANVAS_WIDTH, Math.max(1, el.clientWidth) * dpr);
      const viewport = proxy.getViewport({ scale: width / base.width });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      setShape(`${base.width} / ${base.height}`);
      task = proxy.render({ canvas: el, viewport });
      await task.promise;
    })().catch((err: unknown) => {
      if (live && (err as { name?: string })?.name !== 'RenderingCancelledException') onError();
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [near, pdf, page, onError]);

  return (
    <canvas
      ref={canvas}
      className="sign-doc__page"
      role="img"
      aria-label={fmt(t.documentPage, { page, total })}
      style={{ aspectRatio: shape }}
    />
  );
}

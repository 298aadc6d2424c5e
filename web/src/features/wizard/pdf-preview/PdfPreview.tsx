import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'unpdf/pdfjs';
import { es, fmt } from '../../../../../shared/messages.es';
import { Alert, Button, Spinner } from '../../../components/ui';

type Loaded =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; pdf: PDFDocumentProxy; ratio: number };

/** Pages are drawn at most this many device pixels wide (memory of very wide pages). */
const MAX_CANVAS_WIDTH = 2400;

/**
 * The uploaded PDF, drawn by pdf.js on one canvas per page in a scrollable box: no frame and no
 * browser PDF viewer, so the file never runs anything anywhere (Chromium refuses to show a PDF
 * in a sandboxed frame, so a frame could not be sandboxed). pdf.js itself is fetched only when
 * this preview shows (pdfDocument.ts, dynamic import). Pages render as they scroll into view.
 */
export function PdfPreview({ url, name }: { url: string; name: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const region = useRef<HTMLElement>(null);
  const failed = useCallback(() => setLoaded({ status: 'error' }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry.
  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    let opened: PDFDocumentProxy | undefined;
    setLoaded({ status: 'loading' });
    (async () => {
      const { fetchPdf, openPdf } = await import('./pdfDocument');
      const bytes = await fetchPdf(url, controller.signal);
      opened = await openPdf(bytes);
      if (!live) return; // the clean-up below destroys it
      const first = (await opened.getPage(1)).getViewport({ scale: 1 });
      if (live) setLoaded({ status: 'ready', pdf: opened, ratio: first.height / first.width });
    })().catch(() => {
      if (live) setLoaded({ status: 'error' });
    });
    return () => {
      live = false;
      controller.abort();
      void opened?.loadingTask.destroy();
    };
  }, [url, attempt]);

  if (loaded.status === 'error') {
    return (
      <Alert
        tone="warning"
        action={
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {es.wizard.retry}
          </Button>
        }
      >
        {es.wizard.previewRenderError}
      </Alert>
    );
  }

  const total = loaded.status === 'ready' ? loaded.pdf.numPages : 0;
  return (
    <section
      ref={region}
      className="doc-preview__frame doc-preview__pages"
      aria-label={fmt(es.wizard.previewTitle, { name })}
      aria-busy={loaded.status === 'loading'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard to scroll it.
      tabIndex={0}
    >
      {loaded.status === 'loading' ? (
        <div className="doc-preview__loading">
          <Spinner label={es.wizard.previewLoading} />
        </div>
      ) : (
        Array.from({ length: total }, (_, i) => (
          <PdfPage
            // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the identity.
            key={i}
            pdf={loaded.pdf}
            page={i + 1}
            total={total}
            ratio={loaded.ratio}
            root={region}
            onError={failed}
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
  /** Height/width of page 1: the placeholder's shape until this page is drawn. */
  ratio: number;
  root: RefObject<HTMLElement | null>;
  onError(): void;
}

/** One page on its canvas, drawn once it comes near the visible part of the box. */
function PdfPage({ pdf, page, total, ratio, root, onError }: PdfPageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [shape, setShape] = useState(`1 / ${ratio}`);

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
      { root: root.current, rootMargin: '400px 0px' },
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
      const dpr = window.devicePixelRatio || 1;
      const width = Math.min(MAX_CANVAS_WIDTH, Math.max(1, el.clientWidth) * dpr);
      const viewport = proxy.getViewport({ scale: width / base.width });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      setShape(`${base.width} / ${base.height}`);
      task = proxy.render({ canvas: el, viewport });
      await task.promise;
    })().catch((err: unknown) => {
      // A cancelled render (unmount) is no failure.
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
      className="doc-preview__page"
      role="img"
      aria-label={fmt(es.wizard.previewPage, { page, total })}
      style={{ aspectRatio: shape }}
    />
  );
}

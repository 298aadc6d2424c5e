/**
 * A PDF's pages, one canvas each in a box that scrolls, each drawn as it nears the view; pdf.js
 * is fetched only when the first PDF shows (./pdfDocument). Shared by the signer's document and
 * the wizard's preview so that loading, drawing and freeing pdf.js is written once: each
 * feature gives its words, its box's size and what to show on a failure.
 */
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Spinner } from '../ui';
import { aspectRatio, canvasPixelWidth, isCancelledRender } from './pageCanvas';
import './pdf-pages.css';

export interface LazyPdfPagesProps {
  /** The PDF's address (a presigned GET): fetched without cookies. */
  url: string;
  /** The accessible name of the box of pages (a region). */
  label: string;
  /** What the spinner says while the PDF loads. */
  loadingLabel: string;
  /** The accessible name of page `page` of `total` (each canvas is an image). */
  pageLabel(page: number, total: number): string;
  /**
   * The PDF could not be loaded, or a page not drawn. After a failed load the box is gone; the
   * feature shows its own message. Keep it stable (useCallback): a new one loads the PDF again.
   */
  onError(): void;
  /** The feature's class on the box, for its size. */
  className?: string;
  /** The feature's class on each page's canvas. */
  pageClassName?: string;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'error' }
  /** `shape`: page 1's aspect ratio, every page's placeholder until it is drawn. */
  | { status: 'ready'; pdf: PDFDocumentProxy; shape: string };

export function LazyPdfPages({
  url,
  label,
  loadingLabel,
  pageLabel,
  onError,
  className,
  pageClassName,
}: LazyPdfPagesProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    let opened: PDFDocumentProxy | undefined;
    setLoaded({ status: 'loading' });
    (async () => {
      const { openPdf } = await import('./pdfDocument');
      const pdf = await openPdf(url, controller.signal);
      opened = pdf;
      // Opened after the clean-up below ran: nobody else frees it.
      if (!live) {
        void pdf.destroy();
        return;
      }
      const first = (await pdf.getPage(1)).getViewport({ scale: 1 });
      if (live) setLoaded({ status: 'ready', pdf, shape: aspectRatio(first) });
    })().catch(() => {
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
      className={classes('pdf-pages', className)}
      aria-label={label}
      aria-busy={loaded.status === 'loading'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard to scroll it.
      tabIndex={0}
    >
      {loaded.status === 'loading' ? (
        <div className="pdf-pages__loading">
          <Spinner label={loadingLabel} />
        </div>
      ) : (
        Array.from({ length: total }, (_, i) => (
          <PdfPage
            // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the identity.
            key={i}
            pdf={loaded.pdf}
            page={i + 1}
            placeholderShape={loaded.shape}
            label={pageLabel(i + 1, total)}
            className={classes('pdf-pages__page', pageClassName)}
            root={box}
            onError={onError}
          />
        ))
      )}
    </section>
  );
}

function classes(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  page: number;
  placeholderShape: string;
  label: string;
  className: string;
  root: RefObject<HTMLElement | null>;
  onError(): void;
}

/** One page on its canvas, drawn once it comes near the visible part of the box. */
function PdfPage({ pdf, page, placeholderShape, label, className, root, onError }: PdfPageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [shape, setShape] = useState(placeholderShape);

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
      const width = canvasPixelWidth(el.clientWidth, window.devicePixelRatio);
      const viewport = proxy.getViewport({ scale: width / base.width });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      setShape(aspectRatio(base));
      task = proxy.render({ canvas: el, viewport });
      await task.promise;
    })().catch((err: unknown) => {
      if (live && !isCancelledRender(err)) onError();
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [near, pdf, page, onError]);

  return (
    <canvas
      ref={canvas}
      className={className}
      role="img"
      aria-label={label}
      style={{ aspectRatio: shape }}
    />
  );
}

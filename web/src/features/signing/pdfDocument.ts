import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js for the signer's document, fetched only when a document component shows a PDF: this
 * module imports pdfjs-dist and its worker's URL dynamically, so neither is in the signer
 * route's first JS. The worker is a same-origin module file (CSP worker-src 'self'). Only the
 * pages are drawn: no scripting, no XFA, no forms.
 */
export async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const [pdfjs, worker, bytes] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?worker&url'),
    fetchBytes(url, signal),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({
    data: bytes,
    enableXfa: false,
    isEvalSupported: false,
    useSystemFonts: true,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
  }).promise;
}

async function fetchBytes(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(url, {
    signal,
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  if (!res.ok) throw new Error(`document fetch ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

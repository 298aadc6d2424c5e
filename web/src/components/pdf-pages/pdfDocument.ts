import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js, fetched only when a PDF's pages are shown: LazyPdfPages imports this module
 * dynamically and this module imports pdfjs-dist and its worker's URL dynamically, so neither
 * is in any route's first JS. The worker is a same-origin module file (CSP worker-src 'self';
 * no blob: or data: script, no eval). Nothing runs the PDF's own code: no scripting, no XFA,
 * no form or annotation layer, only the pages drawn on canvases.
 */
export async function openPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const [pdfjs, worker, bytes] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?worker&url'),
    fetchPdfBytes(url, signal),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({
    data: bytes,
    enableXfa: false,
    isEvalSupported: false,
    // Fonts the PDF does not embed are drawn with the system's; no font files are fetched.
    useSystemFonts: true,
    // Never ask for more of the file than the bytes we hold.
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
  }).promise;
}

/**
 * The file behind a presigned GET of the documents bucket (its CORS admits our origin): no
 * cookies, no cached copy, and no referrer, since the page's address may name a signer.
 */
export async function fetchPdfBytes(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, {
    signal,
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  if (!response.ok) throw new Error(`document fetch ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

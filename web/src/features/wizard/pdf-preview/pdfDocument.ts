import type { PDFDocumentProxy } from 'unpdf/pdfjs';

/**
 * Opens an uploaded PDF with pdf.js, loaded on demand: this module is imported dynamically by
 * the preview, so the wizard's first JS does not carry pdf.js (unpdf's bundle, ~1.6 MB).
 *
 * unpdf's build runs pdf.js's worker code in the page ("fake worker": no Worker, no blob: or
 * data: script) and has no eval path (pdf.js 5 removed `isEvalSupported` and its
 * `new Function` font compiler; our CSP has no 'unsafe-eval', so any eval would be refused).
 * Nothing here runs the PDF's own JavaScript: no scripting, no XFA, no form or annotation
 * layer, only the page drawn on a canvas.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getResolvedPDFJS } = await import('unpdf');
  const { getDocument } = await getResolvedPDFJS();
  return getDocument({
    data: bytes,
    enableXfa: false,
    // Fonts the PDF does not embed are drawn with the system's; no font files are fetched.
    useSystemFonts: true,
    // Never ask for more of the file than the bytes we hold.
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
  }).promise;
}

/** The file behind the presigned GET (the bucket's CORS admits our origin; no cookies sent). */
export async function fetchPdf(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal, credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new Error(`preview fetch ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

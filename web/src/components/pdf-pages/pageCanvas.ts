/**
 * The arithmetic of drawing one PDF page on a canvas (LazyPdfPages), apart from React and
 * pdf.js so it can be tested on its own.
 */

/** Pages are drawn at most this many device pixels wide: a canvas costs memory, phones have little. */
export const MAX_CANVAS_WIDTH = 2000;

/** Beyond 2 device pixels per CSS pixel a page looks no sharper and costs more memory. */
const MAX_PIXEL_RATIO = 2;

/** A page's size in PDF units, as pdf.js's viewport at scale 1 gives it. */
export interface PageSize {
  width: number;
  height: number;
}

/**
 * How many device pixels wide a page's canvas is drawn: as wide as it shows (`cssWidth`) at the
 * screen's pixel ratio, so the text is sharp, within the caps above.
 */
export function canvasPixelWidth(cssWidth: number, devicePixelRatio: number): number {
  const ratio = Math.min(devicePixelRatio || 1, MAX_PIXEL_RATIO);
  return Math.min(MAX_CANVAS_WIDTH, Math.max(1, cssWidth) * ratio);
}

/** A page's shape as a CSS `aspect-ratio`, so its canvas takes its place before it is drawn. */
export function aspectRatio({ width, height }: PageSize): string {
  return `${width} / ${height}`;
}

/** pdf.js rejects a render cancelled on purpose (the page left the screen): no failure. */
export function isCancelledRender(err: unknown): boolean {
  return (err as { name?: unknown } | null)?.name === 'RenderingCancelledException';
}

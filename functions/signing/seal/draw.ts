import type { PDFFont, PDFImage, PDFPage, RGB } from '@cantoo/pdf-lib';
import { fitText } from './fonts.js';

/** Small drawing helpers shared by the signatures page and the certificate pages. */

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
}

/** Splits `text` into lines no wider than `width` (words first, then characters). */
export function wrap(text: string, style: TextStyle, width: number): string[] {
  const fitted = fitText(style.font, text);
  const w = (s: string) => style.font.widthOfTextAtSize(s, style.size);
  const lines: string[] = [];
  let line = '';
  for (const word of fitted.split(/ +/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (w(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than the line (a hash, a long e-mail): cut it by characters.
    let rest = word;
    while (w(rest) > width) {
      let n = rest.length - 1;
      while (n > 1 && w(rest.slice(0, n)) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** At most `max` wrapped lines, the last one ending in '...' when text was cut. */
export function clampLines(text: string, style: TextStyle, width: number, max: number): string[] {
  const lines = wrap(text, style, width);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = `${kept[max - 1]}...`;
  while (last.length > 3 && style.font.widthOfTextAtSize(last, style.size) > width) {
    last = `${last.slice(0, -4)}...`;
  }
  kept[max - 1] = last;
  return kept;
}

/** Draws lines top-down from `y` (the first baseline); returns the y below the last line. */
export function drawLines(
  page: PDFPage,
  lines: string[],
  x: number,
  y: number,
  style: TextStyle,
  leading = style.size * 1.3,
): number {
  let at = y;
  for (const line of lines) {
    page.drawText(line, { x, y: at, font: style.font, size: style.size, color: style.color });
    at -= leading;
  }
  return at;
}

/** One line, fitted to the font and clamped to `width`. */
export function drawLine(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  width: number,
): void {
  drawLines(page, clampLines(text, style, width, 1), x, y, style);
}

/** Scales an image into a box, keeping its aspect ratio, centred. */
export function drawImageIn(
  page: PDFPage,
  image: PDFImage,
  box: { x: number; y: number; width: number; height: number },
): void {
  const scale = Math.min(box.width / image.width, box.height / image.height, 1.5);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - height) / 2,
    width,
    height,
  });
}

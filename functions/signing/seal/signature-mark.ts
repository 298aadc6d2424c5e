import type { PDFDocument, PDFImage, PDFPage } from '@cantoo/pdf-lib';
import { drawImageIn } from './draw.js';
import { fitsFont, fitText, type SealFonts } from './fonts.js';
import { SealInputError, type SealSigner } from './types.js';

/** A signer with the drawn signature embedded once (the signatures page and the certificate share it). */
export interface PreparedSigner extends SealSigner {
  image: PDFImage | null;
}

export async function prepareSigners(
  doc: PDFDocument,
  signers: SealSigner[],
): Promise<PreparedSigner[]> {
  if (signers.length === 0) throw new SealInputError('no signers');
  const out: PreparedSigner[] = [];
  for (const [i, s] of signers.entries()) {
    let image: PDFImage | null = null;
    if (s.method === 'drawn') {
      if (!s.imagePng?.length) throw new SealInputError(`signer ${i}: drawn without an image`);
      try {
        image = await doc.embedPng(s.imagePng);
      } catch (err) {
        throw new SealInputError(`signer ${i}: the signature image is not a valid PNG`, {
          cause: err,
        });
      }
    }
    out.push({ ...s, image });
  }
  return out;
}

const INK = { r: 0.08, g: 0.16, b: 0.45 };

/**
 * The signature itself in a box: the drawn image, or the typed name in a handwriting-like
 * italic (Times Italic; a slanted sans for names outside WinAnsi).
 */
export async function drawSignatureMark(
  page: PDFPage,
  s: PreparedSigner,
  fonts: SealFonts,
  box: { x: number; y: number; width: number; height: number },
): Promise<void> {
  if (s.image) {
    drawImageIn(page, s.image, box);
    return;
  }
  const { rgb, degrees } = await import('@cantoo/pdf-lib');
  const name = (s.typedName?.trim() || s.name).replace(/\s+/g, ' ');
  const script = fitsFont(fonts.script, name);
  const font = script ? fonts.script : fonts.regular;
  const text = fitText(font, name);
  // As large as the box allows (a long name gets smaller rather than spilling out of it).
  const size = Math.min(
    26,
    box.height * 0.6,
    box.width / Math.max(font.widthOfTextAtSize(text, 1), 1e-3),
  );
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - size * 0.7) / 2,
    size,
    font,
    color: rgb(INK.r, INK.g, INK.b),
    ...(script ? {} : { ySkew: degrees(12) }),
  });
}

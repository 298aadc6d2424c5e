import type { PDFDocument } from '@cantoo/pdf-lib';
import { fmt } from '../../../shared/messages/fmt.js';
import { sealEs } from '../../../shared/messages/seal.es.js';
import { A4, clampLines, drawLine, drawLines, MARGIN } from './draw.js';
import type { SealFonts } from './fonts.js';
import { santiagoStamp } from './format.js';
import { drawSignatureMark, type PreparedSigner } from './signature-mark.js';

/**
 * The signatures page(s) appended after the original's pages: each signer's mark (drawn image
 * or typed name), name and date, two per row, ten per page. A page of its own rather than the
 * original's last page: the original has no reserved space, and drawing over its content could
 * hide a clause.
 */

const COLS = 2;
const ROWS = 5;
const GAP = 20;
const CELL_H = 124;

export async function appendSignaturesPages(
  doc: PDFDocument,
  signers: PreparedSigner[],
  fonts: SealFonts,
  orderNumber: string,
): Promise<number> {
  const { rgb } = await import('@cantoo/pdf-lib');
  const grey = rgb(0.35, 0.35, 0.4);
  const cellW = (A4[0] - 2 * MARGIN - GAP * (COLS - 1)) / COLS;
  const perPage = COLS * ROWS;
  let pages = 0;
  for (let start = 0; start < signers.length; start += perPage) {
    const page = doc.addPage(A4);
    pages++;
    let y = A4[1] - MARGIN - 18;
    drawLine(
      page,
      sealEs.signaturesTitle,
      MARGIN,
      y,
      { font: fonts.bold, size: 18 },
      A4[0] - 2 * MARGIN,
    );
    y -= 20;
    drawLine(
      page,
      fmt(sealEs.signaturesIntro, { order: orderNumber }),
      MARGIN,
      y,
      { font: fonts.regular, size: 10, color: grey },
      A4[0] - 2 * MARGIN,
    );
    const top = y - 24;
    for (const [i, s] of signers.slice(start, start + perPage).entries()) {
      const x = MARGIN + (i % COLS) * (cellW + GAP);
      const cellTop = top - Math.floor(i / COLS) * CELL_H;
      const box = { x, y: cellTop - 66, width: cellW, height: 62 };
      await drawSignatureMark(page, s, fonts, box);
      page.drawLine({
        start: { x, y: box.y - 4 },
        end: { x: x + cellW, y: box.y - 4 },
        thickness: 0.7,
        color: grey,
      });
      const nameStyle = { font: fonts.bold, size: 10 };
      const after = drawLines(
        page,
        clampLines(s.name, nameStyle, cellW, 2),
        x,
        box.y - 18,
        nameStyle,
      );
      drawLine(
        page,
        fmt(sealEs.signedOn, { at: santiagoStamp(s.signedAt) }),
        x,
        after - 1,
        { font: fonts.regular, size: 8.5, color: grey },
        cellW,
      );
    }
  }
  return pages;
}

import { feaSigningEs as f } from '../../../../shared/messages/fea-signing.es.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { createEvidencePdf } from '../../seal/evidence.js';

/**
 * What a provider signs when the order's document is Word: providers sign PDFs, and Sello never
 * converts a Word file on the server (seal/evidence.ts). So the first FEA signer signs a PDF
 * with one page naming the Word file and its SHA-256, and the Word file attached unchanged: the
 * signature covers the attachment's bytes. Built once per order and kept (run-job.ts), so a
 * retried job sends the provider the very same bytes.
 */
export async function wordBasePdf(p: {
  original: Uint8Array;
  name: string;
  kind: 'doc' | 'docx';
  sha256: string;
  at: string;
}): Promise<Uint8Array> {
  const doc = await createEvidencePdf(p.original, p.name, p.kind, p.sha256, p.at);
  const { StandardFonts, rgb } = await import('@cantoo/pdf-lib');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  let y = 780;
  page.drawText(f.wordBaseTitle, { x: 56, y, size: 16, font: bold });
  y -= 32;
  for (const line of [
    fmt(f.wordBaseName, { name: p.name }),
    fmt(f.wordBaseSha, { sha256: p.sha256 }),
    f.wordBaseNote,
  ]) {
    for (const chunk of wrap(line, 88)) {
      page.drawText(chunk, { x: 56, y, size: 10, font, color: rgb(0.15, 0.15, 0.2) });
      y -= 15;
    }
    y -= 6;
  }
  return doc.save();
}

/** Lines of at most `width` characters, cut at spaces (a hash is cut where it must). */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    for (let w = word; w.length > 0; w = w.slice(width)) {
      const piece = w.slice(0, width);
      if ((line ? `${line} ${piece}` : piece).length > width) {
        out.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) out.push(line);
  return out;
}

import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import { fmt } from '../../../shared/messages/fmt.js';
import { sealEs } from '../../../shared/messages/seal.es.js';
import { formatRut } from '../../../shared/rules/rut.js';
import { A4, clampLines, drawLine, drawLines, MARGIN, type TextStyle, wrap } from './draw.js';
import type { SealFonts } from './fonts.js';
import { deviceSummary, maskEmail, santiagoStamp } from './format.js';
import { drawSignatureMark, type PreparedSigner } from './signature-mark.js';

/**
 * The certificate page(s) appended at the end of the sealed PDF, in Spanish: the document
 * (order, name, pages, SHA-256 of the original, audit chain head, seal time, verification code
 * with QR and URL), the Ley 19.799 note, then one block per signer (name, RUT, masked e-mail,
 * signature type, code evidence, IP, device, times in Santiago with offset, the signature).
 * Signers flow onto as many continuation pages as they need. It cannot print the sealed file's
 * own hash (it is inside it): /verificar shows that one.
 */

export interface CertificateContent {
  orderNumber: string;
  originalName: string;
  /** Pages of a PDF original; null for a Word original (attached instead). */
  originalPages: number | null;
  /** The attached file is a PDF an accredited provider signed (FEA), not a Word original. */
  providerSigned?: boolean;
  originalSha256: string;
  auditHead: string;
  verificationCode: string;
  verifyUrl: string;
  sealedAt: string;
  signers: PreparedSigner[];
}

const WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = MARGIN + 24; // the footer lives below
const SIG_W = 106;

export async function appendCertificatePages(
  doc: PDFDocument,
  fonts: SealFonts,
  c: CertificateContent,
): Promise<number> {
  const { rgb } = await import('@cantoo/pdf-lib');
  const QRCode = (await import('qrcode')).default;
  const grey = rgb(0.4, 0.4, 0.45);
  const rule = rgb(0.82, 0.82, 0.86);
  const label: TextStyle = { font: fonts.regular, size: 7.5, color: grey };
  const value: TextStyle = { font: fonts.regular, size: 8.5 };
  const mono: TextStyle = { font: fonts.mono, size: 8.6 };

  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = (title: string, size: number) => {
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN - size;
    drawLine(page, title, MARGIN, y, { font: fonts.bold, size }, WIDTH);
    y -= size * 0.9;
  };
  const ensure = (height: number) => {
    if (y - height < BOTTOM) {
      newPage(sealEs.certificateContinued, 14);
      y -= 10;
    }
  };
  const hr = () => {
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + WIDTH, y },
      thickness: 0.6,
      color: rule,
    });
  };
  const section = (title: string) => {
    ensure(40);
    y -= 16;
    drawLine(page, title, MARGIN, y, { font: fonts.bold, size: 12 }, WIDTH);
    y -= 8;
    hr();
    y -= 4;
  };
  /** A field: small label above its value; returns the y below. */
  const field = (
    x: number,
    top: number,
    width: number,
    name: string,
    text: string,
    style = value,
    maxLines = 2,
  ) => {
    drawLine(page, name, x, top - label.size, label, width);
    const lines = clampLines(text, style, width, maxLines);
    return drawLines(page, lines, x, top - label.size - 3 - style.size, style, style.size * 1.25);
  };

  // ——— Page 1: the document ———
  newPage(sealEs.certificateTitle, 18);
  y -= 4;
  drawLine(
    page,
    sealEs.certificateSubtitle,
    MARGIN,
    y - 10,
    { font: fonts.regular, size: 10, color: grey },
    WIDTH,
  );
  y -= 16;
  section(sealEs.sectionDocument);

  const qrSize = 104;
  const qrPng = await QRCode.toBuffer(c.verifyUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    scale: 6,
  });
  const qr = await doc.embedPng(qrPng);
  const qrTop = y - 4;
  page.drawImage(qr, {
    x: MARGIN + WIDTH - qrSize,
    y: qrTop - qrSize,
    width: qrSize,
    height: qrSize,
  });
  const leftW = WIDTH - qrSize - 20;
  const pagesText =
    c.originalPages === null
      ? sealEs.documentAttached
      : c.originalPages === 1
        ? sealEs.documentPagesOne
        : fmt(sealEs.documentPages, { n: c.originalPages });
  let ly = qrTop;
  ly = field(
    MARGIN,
    ly,
    leftW / 2 - 8,
    sealEs.orderNumber,
    c.orderNumber,
    { font: fonts.bold, size: 10 },
    1,
  );
  field(MARGIN + leftW / 2, qrTop, leftW / 2, sealEs.sealedAt, santiagoStamp(c.sealedAt), value, 1);
  ly = field(
    MARGIN,
    ly - 6,
    leftW,
    sealEs.documentName,
    `${c.originalName} · ${pagesText}`,
    value,
    3,
  );
  const codeW = 120;
  field(
    MARGIN,
    ly - 6,
    codeW,
    sealEs.verificationCode,
    c.verificationCode,
    { font: fonts.mono, size: 12 },
    1,
  );
  ly = field(
    MARGIN + codeW + 12,
    ly - 6,
    leftW - codeW - 12,
    sealEs.verifyAt,
    c.verifyUrl,
    { ...value, color: rgb(0.1, 0.25, 0.6) },
    3,
  );
  y = Math.min(ly, qrTop - qrSize) - 6;
  y = field(MARGIN, y, WIDTH, sealEs.originalSha256, c.originalSha256, mono, 2) - 4;
  y = field(MARGIN, y, WIDTH, sealEs.auditHead, c.auditHead, mono, 2) - 2;
  if (c.originalPages === null) {
    // A Word original: say where it is (attached) and that the hash above is its own.
    const style: TextStyle = { font: fonts.regular, size: 8.5, color: grey };
    const note = c.providerSigned ? sealEs.providerAttachmentNote : sealEs.evidenceAttachmentNote;
    const lines = wrap(fmt(note, { name: c.originalName }), style, WIDTH);
    y = drawLines(page, lines.slice(0, 4), MARGIN, y - 8 - style.size, style) + 4;
  }

  // ——— Ley 19.799 note (on the first page, before the signers: every reader sees it) ———
  const simpleOnly = c.signers.every((s) => s.signatureType === 'simple');
  const note: TextStyle = { font: fonts.regular, size: 8, color: rgb(0.2, 0.2, 0.25) };
  const paragraphs = [
    simpleOnly ? sealEs.legalSimple : sealEs.legalMixed,
    sealEs.legalIntegrity,
    fmt(sealEs.legalVerify, { url: c.verifyUrl }),
  ].map((p) => wrap(p, note, WIDTH));
  const noteH = 24 + paragraphs.reduce((a, p) => a + p.length * note.size * 1.3 + 4, 0);
  ensure(noteH + 10);
  y -= 12;
  drawLine(page, sealEs.legalTitle, MARGIN, y, { font: fonts.bold, size: 10 }, WIDTH);
  y -= 14;
  for (const p of paragraphs) y = drawLines(page, p, MARGIN, y, note) - 4;

  // ——— Signers ———
  section(fmt(sealEs.sectionSigners, { n: c.signers.length }));
  const gridW = WIDTH - SIG_W - 16;
  const colW = (gridW - 2 * 8) / 3;
  for (const [i, s] of c.signers.entries()) {
    const cells: [string, string][] = [
      [
        s.signatureType === 'simple' ? sealEs.signerRutDeclared : sealEs.signerRut,
        formatRut(s.rut) || sealEs.noRut,
      ],
      [sealEs.signerEmail, maskEmail(s.email)],
      [sealEs.signatureType, sealEs.signatureTypes[s.signatureType]],
      [sealEs.signedAt, santiagoStamp(s.signedAt)],
      ...((s.provider
        ? [
            [sealEs.providerTransaction, s.provider.transactionCode],
            [sealEs.providerCertificate, s.provider.certificateSerial],
            [sealEs.method, sealEs.methodProvider],
          ]
        : [
            [sealEs.codeSent, s.codeSentAt ? santiagoStamp(s.codeSentAt) : sealEs.none],
            [sealEs.codeVerified, s.codeVerifiedAt ? santiagoStamp(s.codeVerifiedAt) : sealEs.none],
            [sealEs.method, s.method === 'drawn' ? sealEs.methodDrawn : sealEs.methodTyped],
          ]) as [string, string][]),
      [sealEs.ip, s.ip || sealEs.none],
      [sealEs.device, deviceSummary(s.userAgent)],
    ];
    const nameStyle: TextStyle = { font: fonts.bold, size: 10.5 };
    const nameLines = clampLines(`${i + 1}. ${s.name}`, nameStyle, gridW, 2);
    const rowHeights = [0, 1, 2].map((r) => {
      const lines = Math.max(
        ...cells.slice(r * 3, r * 3 + 3).map(([, v]) => Math.min(2, wrap(v, value, colW).length)),
      );
      return label.size + 3 + lines * value.size * 1.25 + 2;
    });
    const blockH = Math.max(nameLines.length * 13 + rowHeights.reduce((a, b) => a + b, 0), 70) + 14;
    ensure(blockH);
    const top = y - 10;
    let gy = drawLines(page, nameLines, MARGIN, top - nameStyle.size, nameStyle, 13) + 6;
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < 3; k++) {
        const [name, text] = cells[r * 3 + k] as [string, string];
        field(MARGIN + k * (colW + 8), gy, colW, name, text);
      }
      gy -= rowHeights[r] as number;
    }
    const box = { x: MARGIN + WIDTH - SIG_W, y: top - 66, width: SIG_W, height: 60 };
    page.drawRectangle({ ...box, borderColor: rule, borderWidth: 0.6 });
    await drawSignatureMark(page, s, fonts, {
      x: box.x + 6,
      y: box.y + 4,
      width: box.width - 12,
      height: box.height - 8,
    });
    y = top - blockH + 10;
    if (i < c.signers.length - 1) hr();
  }

  // ——— Footers (page n of N is known only now) ———
  const footer: TextStyle = { font: fonts.regular, size: 7.5, color: grey };
  for (const [n, p] of pages.entries()) {
    const text = `${sealEs.orderNumber} ${c.orderNumber} · ${sealEs.verificationCode} ${c.verificationCode} · ${fmt(sealEs.pageOf, { n: n + 1, total: pages.length })}`;
    drawLine(p, text, MARGIN, MARGIN - 10, footer, WIDTH);
  }
  return pages.length;
}

import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueSignerCertificate, newProviderCa } from '../../../../local/fea/certificates.js';
import { signPdf } from '../../../../local/fea/sign.js';
import { wordBasePdf } from './word-base.js';

describe('the PDF a provider signs for a Word document', () => {
  it('has one page and the Word file attached unchanged, which a PAdES signature keeps', async () => {
    const original = new Uint8Array(randomBytes(4096));
    const sha256 = createHash('sha256').update(original).digest('hex');
    const pdf = await wordBasePdf({
      original,
      name: 'Contrato de arriendo.docx',
      kind: 'docx',
      sha256,
      at: '2026-11-29T12:00:00.000Z',
    });
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const [attached] = doc.getAttachments();
    expect(attached?.name).toBe('Contrato de arriendo.docx');
    expect(Buffer.from(attached?.data ?? []).equals(Buffer.from(original))).toBe(true);

    // The emulated provider signs it as an incremental update: the attachment is still there.
    const ca = await newProviderCa();
    const cert = await issueSignerCertificate(ca, { rut: '11111111-1', name: 'Ana Pérez' });
    const signed = await signPdf(
      pdf,
      { certDer: cert.certDer, keyPkcs8: cert.keyPkcs8, caDer: ca.certDer },
      { fieldName: 'FEA 1', reason: 'prueba' },
    );
    expect(Buffer.from(signed.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    const again = await PDFDocument.load(signed);
    expect(Buffer.from(again.getAttachments()[0]?.data ?? []).equals(Buffer.from(original))).toBe(
      true,
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { sampleInput, sampleSigner } from '../../../test/support/seal-samples.js';
import { appendCertificatePages } from './compose-certificate.js';
import { embedSealFonts, fitText } from './fonts.js';
import { prepareSigners } from './signature-mark.js';
import { appendSignaturesPages } from './stamp.js';

const saved = process.env.SEAL_FONT_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.SEAL_FONT_DIR;
  else process.env.SEAL_FONT_DIR = saved;
});

async function newDoc() {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  return PDFDocument.create();
}

describe('seal fonts', () => {
  it('embeds Liberation Sans: Latin, accents, Cyrillic and Greek print as they are', async () => {
    const fonts = await embedSealFonts(await newDoc());
    expect(fonts.embedded).toBe(true);
    expect(fitText(fonts.regular, 'Ñuñoa Łódź Иван Ελένη')).toBe('Ñuñoa Łódź Иван Ελένη');
    expect(fitText(fonts.regular, '王小明 😀')).toBe('??? ?');
  });

  it('falls back to WinAnsi Helvetica without the TTFs, replacing what it cannot draw', async () => {
    process.env.SEAL_FONT_DIR = '';
    const fonts = await embedSealFonts(await newDoc());
    expect(fonts.embedded).toBe(false);
    expect(fitText(fonts.regular, 'María Ñuñoa, pingüino')).toBe('María Ñuñoa, pingüino');
    expect(fitText(fonts.regular, 'Őrs Łukasz Иван UTC−03:00\n')).toBe(
      'Ors ?ukasz ???? UTC-03:00 ',
    );
  });

  it('composes the pages with the fallback fonts and non-Latin names without throwing', async () => {
    process.env.SEAL_FONT_DIR = '';
    const doc = await newDoc();
    const fonts = await embedSealFonts(doc);
    const signers = await prepareSigners(doc, [
      sampleSigner('Иван Петров', 'typed', 0),
      sampleSigner('王小明', 'drawn', 1),
      sampleSigner('Ñandú Muñoz', 'typed', 2),
    ]);
    const input = sampleInput(new Uint8Array(), []);
    await appendSignaturesPages(doc, signers, fonts, input.orderNumber);
    const pages = await appendCertificatePages(doc, fonts, {
      ...input,
      originalPages: 2,
      signers,
    });
    expect(pages).toBe(1);
    expect((await doc.save()).length).toBeGreaterThan(1000);
  });
});

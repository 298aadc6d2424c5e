import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { blankPdf, CONTRACT_LINES, contractPdf } from '../../../test/support/documents.js';
import { extractPdfText, PdfReadError, parseToUnicode } from './pdf-text.js';

/** A PDF written by hand: objects in order, no cross-reference table (the reader needs none). */
function handPdf(objects: (string | { dict: string; stream: Buffer | string })[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  objects.forEach((o, i) => {
    if (typeof o === 'string') {
      parts.push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
    } else {
      const data = typeof o.stream === 'string' ? Buffer.from(o.stream, 'latin1') : o.stream;
      parts.push(
        Buffer.from(`${i + 1} 0 obj\n<< ${o.dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      );
    }
  });
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'));
  return Buffer.concat(parts);
}

const onePage = (content: string | Buffer, contentDict = '', fonts = '/F1 4 0 R') =>
  handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${fonts} >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    { dict: contentDict, stream: content },
  ]);

describe('extractPdfText', () => {
  it('reads a pdf-lib file (object streams, FlateDecode) page by page, in order, with accents', async () => {
    const { pages, text } = extractPdfText(await contractPdf());
    expect(pages).toBe(2);
    expect(text.split('\n\n')[0]?.split('\n')).toEqual(CONTRACT_LINES);
    expect(text.split('\n\n')[1]).toBe('Firmado en dos ejemplares de igual tenor.');
  });

  it('counts pages of a file without text and reads no text', async () => {
    expect(extractPdfText(await blankPdf(3))).toEqual({ pages: 3, text: '' });
  });

  it('decodes literal strings: escapes, octal codes, nested parentheses, WinAnsi accents', () => {
    const content =
      'BT /F1 12 Tf 72 700 Td (Cl\\341usula \\(primera\\) y \\\\ barra) Tj 0 -14 Td (Ma\\361ana \\050ok\\051 (anidado)) Tj ET';
    expect(extractPdfText(onePage(content)).text).toBe(
      'Cláusula (primera) y \\ barra\nMañana (ok) (anidado)',
    );
  });

  it('reads TJ arrays (a wide kern is a space), hex strings, \' and " and T* as new lines', () => {
    const content = [
      'BT /F1 12 Tf 14 TL 72 700 Td',
      '[(Con)-20(trato)-1000(de)-300(arriendo)] TJ',
      '<2050e167696e61> Tj',
      "(Segunda l\\355nea) '",
      '2 1 (Tercera) "',
      'T* (Cuarta) Tj',
      'ET',
    ].join('\n');
    expect(extractPdfText(onePage(content)).text).toBe(
      'Contrato de arriendo Página\nSegunda línea\nTercera\nCuarta',
    );
  });

  it('inflates FlateDecode content streams and starts a new line when Tm moves down', () => {
    const content = 'BT /F1 10 Tf 1 0 0 1 50 700 Tm (Arriba) Tj 1 0 0 1 50 680 Tm (Abajo) Tj ET';
    const pdf = onePage(deflateSync(Buffer.from(content, 'latin1')), '/Filter /FlateDecode');
    expect(extractPdfText(pdf).text).toBe('Arriba\nAbajo');
  });

  it('decodes two-byte codes of a Type0 font through its ToUnicode CMap', () => {
    const cmap = [
      'begincmap',
      '1 begincodespacerange <0000> <FFFF> endcodespacerange',
      '3 beginbfchar <0001> <0052> <0002> <0055> <0005> <003A> endbfchar',
      '1 beginbfrange <0003> <0004> <0054> endbfrange',
      '1 beginbfrange <0010> <0011> [<00D1> <00E1>] endbfrange',
      'endcmap',
    ].join('\n');
    const pdf = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Resources << /Font << /C0 4 0 R /C1 7 0 R >> >> /Contents 5 0 R >>',
      '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Calibri /Encoding /Identity-H /ToUnicode 6 0 R >>',
      {
        dict: '',
        stream: 'BT /C0 11 Tf 72 700 Td <0001000200030005> Tj <00100011> Tj /C1 11 Tf <0001> Tj ET',
      },
      { dict: '', stream: cmap },
      '<< /Type /Font /Subtype /Type0 /BaseFont /Glyphs /Encoding /Identity-H >>',
    ]);
    // Codes of a composite font without ToUnicode are glyph ids: no text, not garbage.
    expect(extractPdfText(pdf).text).toBe('RUT:Ñá');
  });

  it('follows nested page trees and inherited resources in document order', () => {
    const pdf = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Resources << /Font << /F1 7 0 R >> >> >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Contents [9 0 R] >>',
      '<< /Type /Page /Parent 3 0 R /Contents 8 0 R >>',
      'null',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      { dict: '', stream: 'BT /F1 12 Tf (Uno) Tj ET' },
      { dict: '', stream: 'BT /F1 12 Tf (Dos) Tj ET' },
    ]);
    expect(extractPdfText(pdf)).toEqual({ pages: 2, text: 'Uno\n\nDos' });
  });

  it('skips inline image data', () => {
    const content =
      'BT /F1 12 Tf 72 700 Td (Antes) Tj ET BI /W 2 /H 1 /BPC 8 /CS /G ID \x00(\xff) Tj\n EI BT /F1 12 Tf 72 680 Td (Despu\\351s) Tj ET';
    expect(extractPdfText(onePage(content)).text).toBe('Antes\nDespués');
  });

  it('refuses what is not a readable PDF', () => {
    expect(() => extractPdfText(Buffer.from('hola, no soy un PDF'))).toThrow(PdfReadError);
    expect(() => extractPdfText(Buffer.from('%PDF-1.7\nbasura sin objetos\n%%EOF'))).toThrow(
      PdfReadError,
    );
    expect(() => extractPdfText(handPdf(['<< /Producer (x) >>']))).toThrow(PdfReadError);
  });
});

describe('parseToUnicode', () => {
  it('maps bfchar codes and bfrange ranges to Unicode text', () => {
    const { map, lengths } = parseToUnicode(
      'beginbfchar <01> <0041> endbfchar beginbfrange <02> <04> <0062> endbfrange',
    );
    expect(lengths).toEqual([1]);
    expect([...map.entries()]).toEqual([
      ['\x01', 'A'],
      ['\x02', 'b'],
      ['\x03', 'c'],
      ['\x04', 'd'],
    ]);
  });
});

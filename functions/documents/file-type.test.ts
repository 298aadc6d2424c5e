import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../shared/contract/documents.js';
import { contractPdf, docx, legacyDoc, zip } from '../../test/support/documents.js';
import { realKind } from './content-check.js';
import { declaredKind, needsWholeFile, SNIFF_BYTES, sniffContainer } from './file-type.js';

const kindOf = (bytes: Uint8Array) => {
  const container = sniffContainer(bytes.subarray(0, SNIFF_BYTES));
  return realKind(container, needsWholeFile(container) ? bytes : undefined);
};

describe('real kind by the bytes', () => {
  it('recognises PDF, DOC (compound file with a WordDocument stream) and DOCX', async () => {
    expect(await kindOf(await contractPdf())).toBe('pdf');
    expect(await kindOf(legacyDoc())).toBe('doc');
    expect(await kindOf(docx())).toBe('docx');
  });

  it('refuses look-alikes: a zip without word/document.xml, a compound file that is not Word, text', async () => {
    expect(
      await kindOf(zip([{ name: 'xl/workbook.xml', data: Buffer.from('<x/>') }])),
    ).toBeUndefined();
    const xls = Buffer.from(legacyDoc());
    xls.write('Workbook\0\0\0\0', 640, 'utf16le');
    expect(await kindOf(xls)).toBeUndefined();
    expect(await kindOf(Buffer.from('Hola, soy texto plano'))).toBeUndefined();
    expect(await kindOf(Buffer.from('PK\x03\x04 roto', 'latin1'))).toBeUndefined();
    expect(await kindOf(new Uint8Array(0))).toBeUndefined();
  });

  it('refuses a ZIP listing more than 1,000 entries without inflating any', async () => {
    const many = zip([
      ...Array.from({ length: 1_000 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('x') })),
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    expect(await kindOf(many)).toBeUndefined();
  });
});

describe('declared kind', () => {
  it('takes the kind from the extension and needs the matching type', () => {
    expect(declaredKind('Contrato.PDF', 'application/pdf')).toEqual({
      kind: 'pdf',
      contentType: DOCUMENT_TYPES.pdf,
    });
    expect(declaredKind('a.docx', `${DOCUMENT_TYPES.docx}; charset=binary`)?.kind).toBe('docx');
    expect(declaredKind('a.pdf', 'application/msword')).toBeUndefined();
    expect(declaredKind('a.doc', DOCUMENT_TYPES.docx)).toBeUndefined();
  });

  it('lets a Word file with an empty or generic type through, typed by its extension', () => {
    expect(declaredKind('a.doc', '')).toEqual({ kind: 'doc', contentType: DOCUMENT_TYPES.doc });
    expect(declaredKind('a.docx', 'application/octet-stream')).toEqual({
      kind: 'docx',
      contentType: DOCUMENT_TYPES.docx,
    });
    expect(declaredKind('a.pdf', '')).toBeUndefined();
  });

  it('refuses every other extension, whatever the type says', () => {
    for (const name of ['a.exe', 'a.txt', 'a.pdf.exe', 'pdf', 'a.', 'a.docm']) {
      expect(declaredKind(name, 'application/pdf')).toBeUndefined();
    }
  });
});

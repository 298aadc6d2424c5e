import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../../shared/contract/documents.js';
import { es } from '../../../shared/messages.es.js';
import { blankPdf, contractPdf, docx, legacyDoc } from '../../../test/support/documents.js';
import type { AnalysisInput } from './analysis.js';
import { AnalysisError } from './analysis-error.js';
import { builtinAnalysis } from './builtin-analysis.js';

const input = (bytes: Uint8Array, fileType: string, fileName = 'contrato.pdf'): AnalysisInput => ({
  fileName,
  fileSize: bytes.length,
  fileType,
  documentUrl: 'https://example.invalid/doc',
  country: 'Chile',
  countryCode: 'CL',
  bytes: async () => bytes,
});

describe('built-in analyzer', () => {
  it('reports pages, words, parties, RUTs, dates and amounts of a PDF', async () => {
    const md = await builtinAnalysis(input(await contractPdf(), DOCUMENT_TYPES.pdf));
    expect(md).toContain(`# ${es.documents.report.title}`);
    expect(md).toContain('- **Archivo:** contrato.pdf');
    expect(md).toContain('- **Páginas:** 2');
    expect(md).toMatch(/- \*\*Palabras:\*\* \d+/);
    expect(md).toContain('- Juan Pérez Soto');
    expect(md).toContain('- MARÍA GONZÁLEZ LÓPEZ');
    expect(md).toContain('- 12.345.678-5 — válido');
    expect(md).toContain('- 11.111.111-2 — dígito verificador inválido');
    expect(md).toContain('- 12 de marzo de 2025');
    expect(md).toContain('- 05/04/2025');
    expect(md).toContain('- 2025-04-01');
    expect(md).toContain('- $ 450.000');
    expect(md).toContain('- UF 15,5');
    expect(md).toContain('## Resumen\n\nEn Santiago de Chile, a 12 de marzo de 2025');
  });

  it('is deterministic', async () => {
    const bytes = await contractPdf();
    expect(await builtinAnalysis(input(bytes, DOCUMENT_TYPES.pdf))).toBe(
      await builtinAnalysis(input(bytes, DOCUMENT_TYPES.pdf)),
    );
  });

  it('reads the text of a DOCX', async () => {
    const md = await builtinAnalysis(input(docx(), DOCUMENT_TYPES.docx, 'contrato.docx'));
    expect(md).toContain('- **Tipo:** DOCX');
    expect(md).not.toContain('Páginas');
    expect(md).toContain('- 12.345.678-5 — válido');
    expect(md).toContain('- $ 450.000');
  });

  it('says a scanned PDF has no text, and an old .doc could not be read, with its size', async () => {
    const scanned = await builtinAnalysis(input(await blankPdf(2), DOCUMENT_TYPES.pdf));
    expect(scanned).toContain('- **Páginas:** 2');
    expect(scanned).toContain(es.documents.report.noText);
    const doc = legacyDoc();
    const old = await builtinAnalysis(input(doc, DOCUMENT_TYPES.doc, 'antiguo.doc'));
    expect(old).toContain(es.documents.report.docUnreadable);
    expect(old).toContain('- **Tamaño:** 1,5 KB');
  });

  it('fails with a Spanish message on a PDF it cannot read', async () => {
    const broken = Buffer.from('%PDF-1.7\n esto no tiene objetos');
    await expect(builtinAnalysis(input(broken, DOCUMENT_TYPES.pdf))).rejects.toEqual(
      new AnalysisError(es.documents.analysisUnreadable),
    );
  });

  it('escapes markdown in text taken from the document', async () => {
    const md = await builtinAnalysis(
      input(await contractPdf(['El *cliente* paga <b>todo</b>.']), DOCUMENT_TYPES.pdf, 'a_b.pdf'),
    );
    expect(md).toContain('a\\_b.pdf');
    expect(md).toContain('El \\*cliente\\* paga \\<b\\>todo\\</b\\>.');
  });
});

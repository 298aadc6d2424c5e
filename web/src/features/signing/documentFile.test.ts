import { describe, expect, it } from 'vitest';
import { documentKind } from './documentFile';

describe('documentKind', () => {
  it('by the name, else by the URL path', () => {
    expect(documentKind('Contrato.PDF', 'https://b/x?X-Amz=1')).toBe('pdf');
    expect(documentKind('Poder.docx', 'https://b/x')).toBe('word');
    expect(documentKind('Poder.doc', 'https://b/x')).toBe('word');
    expect(
      documentKind('Contrato de arriendo', 'https://b/uploads/abc.pdf?X-Amz-Signature=z'),
    ).toBe('pdf');
    expect(documentKind('Anexo', 'https://b/uploads/abc')).toBe('other');
    expect(documentKind('', 'not a url')).toBe('other');
  });
});

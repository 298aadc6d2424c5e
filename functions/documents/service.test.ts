import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from '../platform/file-name.js';
import { contentDisposition } from './service.js';

describe('file names', () => {
  it('keeps the base name without folders, control or reserved characters', () => {
    expect(sanitizeFileName('C:\\Users\\ana\\Contrato  final.pdf')).toBe('Contrato final.pdf');
    expect(sanitizeFileName('../../etc/pa<ss>wd:?.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('in\u0000forme\u001f.docx')).toBe('informe.docx');
  });

  it('caps the name at 200 characters and keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.docx`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.docx')).toBe(true);
  });

  it('writes an RFC 6266 disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('inline', 'Contrato Ñuñoa (1).pdf')).toBe(
      `inline; filename="Contrato Nunoa (1).pdf"; filename*=UTF-8''Contrato%20%C3%91u%C3%B1oa%20%281%29.pdf`,
    );
    expect(contentDisposition('attachment', 'año "x".docx')).toBe(
      `attachment; filename="ano _x_.docx"; filename*=UTF-8''a%C3%B1o%20%22x%22.docx`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { initials, maskEmail, maskRut, santiagoStamp } from './evidence-format.js';

describe('evidence format', () => {
  it('shows Santiago wall time with its offset, summer and winter', () => {
    expect(santiagoStamp('2026-11-25T00:28:00Z')).toBe('24-11-2026 21:28 (UTC−03:00)');
    expect(santiagoStamp('2026-07-01T16:05:00Z')).toBe('01-07-2026 12:05 (UTC−04:00)');
  });

  it('shows a person by initials only, accents and compound names included', () => {
    expect(initials('Ana María Pérez Soto')).toBe('A. M. P. S.');
    expect(initials('  josé-luis  ñúñez ')).toBe('J. L. Ñ.');
    expect(initials('Ángela (Gigi) O’Higgins')).toBe('Á. G. O.');
    expect(initials('')).toBe('');
  });

  it('masks e-mails and RUTs', () => {
    expect(maskEmail('juana.perez@gmail.com')).toBe('j***@g***.com');
    expect(maskEmail('ana@correo.gob.cl')).toBe('a***@c***.cl');
    expect(maskRut('12.345.678-5')).toBe('**.***.678-5');
    expect(maskRut('7654321k')).toBe('**.***.321-K');
    expect(maskRut('')).toBeNull();
  });
});

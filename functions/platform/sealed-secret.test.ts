import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed-secret.js';

describe('sealed secrets', () => {
  const key = 'k'.repeat(43);

  it('open with the same key and item, and show nothing in clear', () => {
    const sealed = sealSecret(key, 'FEAJOB#1', { password: 'Clave1234', code: '12345678' });
    expect(sealed).not.toContain('Clave1234');
    expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString()).not.toContain('Clave');
    expect(openSecret(key, 'FEAJOB#1', sealed)).toEqual({
      password: 'Clave1234',
      code: '12345678',
    });
  });

  it('do not open under another key, on another item, or altered', () => {
    const sealed = sealSecret(key, 'FEAJOB#1', { password: 'x' });
    expect(openSecret('other', 'FEAJOB#1', sealed)).toBeUndefined();
    expect(openSecret(key, 'FEAJOB#2', sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(openSecret(key, 'FEAJOB#1', parts.join('.'))).toBeUndefined();
    expect(openSecret(key, 'FEAJOB#1', 'v2.a.b.c')).toBeUndefined();
    expect(openSecret(key, 'FEAJOB#1', 'garbage')).toBeUndefined();
  });

  it('seal the same value differently each time (a fresh IV)', () => {
    expect(sealSecret(key, 'a', 'same')).not.toBe(sealSecret(key, 'a', 'same'));
  });
});

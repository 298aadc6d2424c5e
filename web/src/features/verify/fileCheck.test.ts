import { describe, expect, it } from 'vitest';
import { compareHash, toHex } from './fileCheck';

describe('file check', () => {
  const sealed = 'ab'.repeat(32);
  const original = 'cd'.repeat(32);

  it('tells the sealed file, the original and anything else apart', () => {
    expect(compareHash(sealed, { sealed_sha256: sealed, original_sha256: original })).toBe(
      'sealed',
    );
    expect(
      compareHash(sealed.toUpperCase(), { sealed_sha256: sealed, original_sha256: null }),
    ).toBe('sealed');
    expect(compareHash(original, { sealed_sha256: sealed, original_sha256: original })).toBe(
      'original',
    );
    expect(compareHash('ef'.repeat(32), { sealed_sha256: sealed, original_sha256: original })).toBe(
      'mismatch',
    );
    expect(compareHash(original, { sealed_sha256: sealed, original_sha256: null })).toBe(
      'mismatch',
    );
  });

  it('accepts a re-timestamped version of the sealed file as sealed too', () => {
    const later = '12'.repeat(32);
    const recorded = { sealed_sha256: sealed, original_sha256: original, later_sha256: [later] };
    expect(compareHash(later.toUpperCase(), recorded)).toBe('sealed');
    expect(compareHash(sealed, recorded)).toBe('sealed');
    expect(compareHash('34'.repeat(32), recorded)).toBe('mismatch');
  });

  it('writes digests as lower-case hex', () => {
    expect(toHex(new Uint8Array([0, 15, 255]).buffer)).toBe('000fff');
  });
});

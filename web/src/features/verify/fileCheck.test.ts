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

  it('writes digests as lower-case hex', () => {
    expect(toHex(new Uint8Array([0, 15, 255]).buffer)).toBe('000fff');
  });
});

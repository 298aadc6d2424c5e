import { describe, expect, it } from 'vitest';
import { compareHash, toHex } from '../features/verify/fileCheck';
import { formatCode, normaliseCode, verifyPath } from './verifyCode';

describe('verification codes', () => {
  it('accepts the code with or without dash, any case, spaces and look-alikes', () => {
    expect(normaliseCode('7K3QD-M2XPA')).toBe('7K3QDM2XPA');
    expect(normaliseCode('7k3qdm2xpa')).toBe('7K3QDM2XPA');
    expect(normaliseCode(' 7K3QD M2XPA ')).toBe('7K3QDM2XPA');
    expect(normaliseCode('OOOOO-LLLLL')).toBe('0000011111');
    expect(normaliseCode('ZZZZZ-ZZZZZ')).toBe('ZZZZZZZZZZ');
  });

  it('refuses what can never be a code', () => {
    expect(normaliseCode('')).toBeUndefined();
    expect(normaliseCode('7K3QD-M2XP')).toBeUndefined();
    expect(normaliseCode('7K3QD-M2XPAB')).toBeUndefined();
    expect(normaliseCode('UUUUU-UUUUU')).toBeUndefined(); // U is not Crockford base32
    expect(normaliseCode('7K3QD/M2XPA')).toBeUndefined();
  });

  it('formats raw codes XXXXX-XXXXX and builds the page path', () => {
    expect(formatCode('7K3QDM2XPA')).toBe('7K3QD-M2XPA');
    expect(formatCode('7K3QD-M2XPA')).toBe('7K3QD-M2XPA');
    expect(formatCode('short')).toBe('short');
    expect(verifyPath('7K3QDM2XPA')).toBe('/verificar/7K3QD-M2XPA');
  });
});

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

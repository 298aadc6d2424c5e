import { describe, expect, it } from 'vitest';
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

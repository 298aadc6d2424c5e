import { describe, expect, it } from 'vitest';
import { parseConfirmQuery, parseResetHash } from './links';

const TOKEN = `${'A'.repeat(20)}_-${'b9'.repeat(10)}z`; // 43 base64url characters

describe('parseConfirmQuery', () => {
  it('accepts token_hash with type email', () => {
    expect(parseConfirmQuery(`?token_hash=${TOKEN}&type=email`)).toEqual({
      ok: true,
      token_hash: TOKEN,
      type: 'email',
    });
    expect(parseConfirmQuery(`type=email&token_hash=${TOKEN}`).ok).toBe(true);
  });

  it('rejects a missing or wrong type', () => {
    expect(parseConfirmQuery(`?token_hash=${TOKEN}`).ok).toBe(false);
    expect(parseConfirmQuery(`?token_hash=${TOKEN}&type=recovery`).ok).toBe(false);
    expect(parseConfirmQuery(`?token_hash=${TOKEN}&type=EMAIL`).ok).toBe(false);
  });

  it('rejects a missing or malformed token', () => {
    expect(parseConfirmQuery('?type=email').ok).toBe(false);
    expect(parseConfirmQuery('').ok).toBe(false);
    expect(parseConfirmQuery('?token_hash=short&type=email').ok).toBe(false);
    expect(parseConfirmQuery(`?token_hash=${TOKEN}x&type=email`).ok).toBe(false);
    expect(parseConfirmQuery(`?token_hash=${TOKEN.slice(1)}%2B&type=email`).ok).toBe(false);
  });
});

describe('parseResetHash', () => {
  it('accepts access_token with type recovery, refresh token optional', () => {
    expect(parseResetHash(`#access_token=${TOKEN}&type=recovery`)).toEqual({
      ok: true,
      access_token: TOKEN,
      refresh_token: null,
      type: 'recovery',
    });
    expect(parseResetHash(`#access_token=${TOKEN}&refresh_token=r1&type=recovery`)).toEqual({
      ok: true,
      access_token: TOKEN,
      refresh_token: 'r1',
      type: 'recovery',
    });
    expect(parseResetHash(`access_token=${TOKEN}&type=recovery`).ok).toBe(true);
  });

  it('rejects missing tokens and other types', () => {
    expect(parseResetHash('').ok).toBe(false);
    expect(parseResetHash('#type=recovery').ok).toBe(false);
    expect(parseResetHash(`#access_token=${TOKEN}`).ok).toBe(false);
    expect(parseResetHash(`#access_token=${TOKEN}&type=email`).ok).toBe(false);
    expect(parseResetHash('#access_token=abc&type=recovery').ok).toBe(false);
  });
});

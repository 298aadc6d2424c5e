import { describe, expect, it } from 'vitest';
import { FEA_CODES } from '../../functions/signing/types/advanced/fea-codes.js';
import {
  CODE_TTL_MS,
  checkCode,
  checkPassword,
  type FeaAccount,
  issueCode,
  KEY_LOCK_MS,
  maskPhone,
  passwordHashOf,
  serialMatches,
  setPassword,
  unlockCertificate,
  unlockSecondFactor,
} from './accounts.js';

const T0 = Date.parse('2026-11-29T12:00:00Z');

function account(): FeaAccount {
  return {
    rut: '11111111-1',
    name: 'Ana',
    email: 'a@x.cl',
    serial: '100000001',
    phone: '+56 9 1111 2222',
    passwordHash: passwordHashOf('Clave1234'),
    wrongPasswords: 0,
    certificateBlocked: false,
    wrongCodes: 0,
    secondFactorBlocked: false,
    certificate: { certDer: '', keyPkcs8: '', serialHex: '01', notAfter: '2028-01-01' },
  };
}

const codeOf = (r: { ok: boolean; code?: unknown }) => (r.ok ? 'ok' : r.code);

describe('the certificate password', () => {
  it('answers 120 with the tries left, 122 on the third wrong one, 123 after the lock', () => {
    const a = account();
    expect(checkPassword(a, 'x', T0)).toMatchObject({
      code: FEA_CODES.wrongPassword,
      attemptsLeft: 2,
    });
    expect(checkPassword(a, 'x', T0)).toMatchObject({
      code: FEA_CODES.wrongPassword,
      attemptsLeft: 1,
    });
    expect(codeOf(checkPassword(a, 'x', T0))).toBe(FEA_CODES.tooManyKeyAttempts);
    // Locked: even the right password waits.
    expect(codeOf(checkPassword(a, 'Clave1234', T0 + 1000))).toBe(FEA_CODES.tooManyKeyAttempts);
    expect(codeOf(checkPassword(a, 'x', T0 + KEY_LOCK_MS + 1))).toBe(FEA_CODES.certificateBlocked);
    expect(a.certificateBlocked).toBe(true);
    expect(codeOf(checkPassword(a, 'Clave1234', T0 + KEY_LOCK_MS + 2))).toBe(
      FEA_CODES.certificateBlocked,
    );
  });

  it('a right password resets the count; an unlock or a new password opens a blocked key', () => {
    const a = account();
    checkPassword(a, 'x', T0);
    expect(checkPassword(a, 'Clave1234', T0).ok).toBe(true);
    expect(a.wrongPasswords).toBe(0);
    a.certificateBlocked = true;
    unlockCertificate(a);
    expect(checkPassword(a, 'Clave1234', T0).ok).toBe(true);
    a.certificateBlocked = true;
    setPassword(a, 'Nueva12345');
    expect(codeOf(checkPassword(a, 'Clave1234', T0))).toBe(FEA_CODES.wrongPassword);
    expect(checkPassword(a, 'Nueva12345', T0).ok).toBe(true);
  });
});

describe('the SMS code', () => {
  it('is 8 digits, serves once, expires, and three wrong ones block the second factor (134)', () => {
    const a = account();
    expect(codeOf(checkCode(a, '12345678', T0))).toBe(FEA_CODES.codeExpired);
    const sent = issueCode(a, T0);
    if (!sent.ok) throw new Error('no code');
    expect(sent.code).toMatch(/^\d{8}$/);
    expect(checkCode(a, sent.code, T0).ok).toBe(true);
    expect(codeOf(checkCode(a, sent.code, T0))).toBe(FEA_CODES.codeExpired);

    const late = issueCode(a, T0);
    if (!late.ok) throw new Error('no code');
    expect(codeOf(checkCode(a, late.code, T0 + CODE_TTL_MS))).toBe(FEA_CODES.codeExpired);

    issueCode(a, T0);
    expect(checkCode(a, 'x', T0)).toMatchObject({ code: FEA_CODES.wrongCode, attemptsLeft: 2 });
    expect(codeOf(checkCode(a, 'x', T0))).toBe(FEA_CODES.wrongCode);
    expect(codeOf(checkCode(a, 'x', T0))).toBe(FEA_CODES.secondFactorBlocked);
    expect(codeOf(issueCode(a, T0))).toBe(FEA_CODES.secondFactorBlocked);
    unlockSecondFactor(a);
    expect(issueCode(a, T0).ok).toBe(true);
  });
});

describe('identity on unlock and recovery pages', () => {
  it('takes the ID-card serial with or without separators, never the RUT', () => {
    const a = account();
    expect(serialMatches(a, '100.000.001')).toBe(true);
    expect(serialMatches(a, '11111111-1')).toBe(false);
    expect(maskPhone('+56 9 1111 2222')).toBe('+56 9 **** 2222');
  });
});

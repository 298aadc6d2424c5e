import { describe, expect, it } from 'vitest';
import { feaEs } from '../messages/fea.es.js';
import {
  canSubmitRecovery,
  isIdCardSerial,
  isRecoveryRut,
  recoveryFieldErrors,
  recoveryReturnUrl,
  recoveryRut,
  serialInput,
} from './fea-recovery.js';

describe('FEA recovery RUT (§5)', () => {
  it('takes 7–8 digits, a hyphen and a digit or K, after removing dots and spaces', () => {
    expect(isRecoveryRut('11111111-1')).toBe(true);
    expect(isRecoveryRut('11.111.111-1')).toBe(true);
    expect(isRecoveryRut(' 7654321-6 ')).toBe(true);
    expect(isRecoveryRut('10000013-k')).toBe(true);
    expect(recoveryRut('11.111.111 - k')).toBe('11111111-K');
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      '111111-1',
      '123456789-1',
      '11111111',
      '111111111',
      '11111111-X',
      'abc',
    ]) {
      expect(isRecoveryRut(bad), bad).toBe(false);
    }
  });
});

describe('ID-card serial (§5)', () => {
  it('keeps only digits, at most 12, as the signer types', () => {
    expect(serialInput('A 123.456-789')).toBe('123456789');
    expect(serialInput('1234567890123456')).toBe('123456789012');
  });

  it('takes 7 to 12 digits only', () => {
    expect(isIdCardSerial('1234567')).toBe(true);
    expect(isIdCardSerial('123456789012')).toBe(true);
    expect(isIdCardSerial('123456')).toBe(false);
    expect(isIdCardSerial('1234567890123')).toBe(false);
    expect(isIdCardSerial('12345678-9')).toBe(false);
  });

  it("answers the spec's exact messages", () => {
    expect(recoveryFieldErrors({ rut: '1-1', numDocumento: '12' })).toEqual({
      rut: 'Formato de RUT inválido. Debe ser: 12345678-9',
      numDocumento:
        'El número de serie de la cédula debe contener solo números y tener entre 7 y 12 dígitos. NO uses el RUT, busca el número de serie en tu cédula física.',
    });
    expect(recoveryFieldErrors({ rut: '11111111-1', numDocumento: '100000001' })).toEqual({});
    expect(feaEs.rutInvalid).toBe('Formato de RUT inválido. Debe ser: 12345678-9');
  });

  it('disables submit while loading or with an empty field', () => {
    expect(canSubmitRecovery({ rut: '1', numDocumento: '2', loading: false })).toBe(true);
    expect(canSubmitRecovery({ rut: '1', numDocumento: '2', loading: true })).toBe(false);
    expect(canSubmitRecovery({ rut: ' ', numDocumento: '2', loading: false })).toBe(false);
    expect(canSubmitRecovery({ rut: '1', numDocumento: '', loading: false })).toBe(false);
  });
});

describe('recovery return URL (§7)', () => {
  const app = 'https://sello.cl';
  it("defaults to the app's result page", () => {
    expect(recoveryReturnUrl(app, undefined)).toBe('https://sello.cl/password-recovery-success');
    expect(recoveryReturnUrl('http://localhost:8080/', '')).toBe(
      'http://localhost:8080/password-recovery-success',
    );
  });

  it("keeps an address on the app's own origin", () => {
    expect(recoveryReturnUrl(app, 'https://sello.cl/password-recovery-success?x=1')).toBe(
      'https://sello.cl/password-recovery-success?x=1',
    );
  });

  it('never sends the signer elsewhere', () => {
    for (const foreign of [
      'https://evil.example/password-recovery-success',
      'http://sello.cl/password-recovery-success',
      'https://sello.cl.evil.example/',
      'https://user:pw@sello.cl/',
      '//evil.example/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(recoveryReturnUrl(app, foreign), foreign).toBe(
        'https://sello.cl/password-recovery-success',
      );
    }
  });
});

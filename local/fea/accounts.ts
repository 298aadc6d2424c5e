import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  FEA_CODE_LENGTH,
  FEA_CODES,
  FEA_MAX_CODE_ATTEMPTS,
  FEA_MAX_KEY_ATTEMPTS,
} from '../../functions/signing/types/advanced/fea-codes.js';

/**
 * The FEA emulator's signers, one per RUT, with the rules a real provider applies to the key
 * and the second factor (credits-signing-admin §8, §9):
 *  - a wrong certificate password answers 120 with the tries left; the third answers 122 and
 *    locks the key for KEY_LOCK_MS (every try meanwhile answers 122 again); a wrong password
 *    after the lock answers 123 and blocks the certificate until it is unlocked (RUT and
 *    ID-card serial) or its password recovered;
 *  - a wrong SMS code answers 130; the third blocks the second factor (134) until unlocked or
 *    recovered; a code lives CODE_TTL_MS and serves one signature.
 * Pure state and rules: the HTTP server (server.ts) and the pages call these; the state is a
 * plain object so it can be saved as JSON (store.ts).
 */

export const KEY_LOCK_MS = 5 * 60_000;
export const CODE_TTL_MS = 5 * 60_000;

export interface FeaAccount {
  rut: string;
  name: string;
  email: string;
  /** The ID card's serial number (numDocumento), what unlocks and recoveries ask. */
  serial: string;
  phone: string;
  passwordHash: string;
  wrongPasswords: number;
  lockedUntil?: number;
  certificateBlocked: boolean;
  wrongCodes: number;
  secondFactorBlocked: boolean;
  code?: { hash: string; expiresAt: number };
  /** The emulated certificate: DER and PKCS#8 key, base64 (certificates.ts). */
  certificate: { certDer: string; keyPkcs8: string; serialHex: string; notAfter: string };
}

export type Refusal = { code: number; message: string; attemptsLeft?: number };
export type Outcome = { ok: true } | ({ ok: false } & Refusal);

const hashOf = (value: string) => createHash('sha256').update(`fea-emulator:${value}`).digest();
export const passwordHashOf = (password: string) => hashOf(password).toString('hex');

const same = (hex: string, typed: string) => {
  const a = Buffer.from(hex, 'hex');
  const b = hashOf(typed);
  return a.length === b.length && timingSafeEqual(a, b);
};

const refuse = (code: number, message: string, attemptsLeft?: number): Outcome => ({
  ok: false,
  code,
  message,
  attemptsLeft,
});

/** Checks the certificate password, counting and locking as the provider does. */
export function checkPassword(account: FeaAccount, password: string, now: number): Outcome {
  if (account.certificateBlocked) {
    return refuse(FEA_CODES.certificateBlocked, 'Certificado bloqueado por intentos fallidos');
  }
  if (account.lockedUntil && account.lockedUntil > now) {
    return refuse(FEA_CODES.tooManyKeyAttempts, 'Demasiados intentos: espere o recupere su clave');
  }
  if (same(account.passwordHash, password)) {
    account.wrongPasswords = 0;
    account.lockedUntil = undefined;
    return { ok: true };
  }
  account.wrongPasswords++;
  if (account.wrongPasswords > FEA_MAX_KEY_ATTEMPTS) {
    account.certificateBlocked = true;
    account.lockedUntil = undefined;
    return refuse(FEA_CODES.certificateBlocked, 'Certificado bloqueado por intentos fallidos');
  }
  if (account.wrongPasswords === FEA_MAX_KEY_ATTEMPTS) {
    account.lockedUntil = now + KEY_LOCK_MS;
    return refuse(
      FEA_CODES.tooManyKeyAttempts,
      `Demasiados intentos: máximo ${FEA_MAX_KEY_ATTEMPTS} intentos para validar la clave`,
    );
  }
  return refuse(
    FEA_CODES.wrongPassword,
    'Clave del certificado incorrecta',
    FEA_MAX_KEY_ATTEMPTS - account.wrongPasswords,
  );
}

/** A new SMS code (FEA_CODE_LENGTH digits), replacing any earlier one. */
export function issueCode(
  account: FeaAccount,
  now: number,
): { ok: true; code: string } | ({ ok: false } & Refusal) {
  if (account.secondFactorBlocked) {
    return { ok: false, code: FEA_CODES.secondFactorBlocked, message: 'Segundo factor bloqueado' };
  }
  const code = String(randomInt(0, 10 ** FEA_CODE_LENGTH)).padStart(FEA_CODE_LENGTH, '0');
  account.code = { hash: passwordHashOf(code), expiresAt: now + CODE_TTL_MS };
  return { ok: true, code };
}

/** Checks an SMS code; a right one is used up. */
export function checkCode(account: FeaAccount, typed: string, now: number): Outcome {
  if (account.secondFactorBlocked) {
    return refuse(FEA_CODES.secondFactorBlocked, 'Segundo factor bloqueado');
  }
  if (!account.code || account.code.expiresAt <= now) {
    return refuse(FEA_CODES.codeExpired, 'Código de segundo factor expirado o no solicitado');
  }
  if (same(account.code.hash, typed)) {
    account.code = undefined;
    account.wrongCodes = 0;
    return { ok: true };
  }
  account.wrongCodes++;
  if (account.wrongCodes >= FEA_MAX_CODE_ATTEMPTS) {
    account.secondFactorBlocked = true;
    account.code = undefined;
    return refuse(FEA_CODES.secondFactorBlocked, 'Segundo factor bloqueado');
  }
  return refuse(
    FEA_CODES.wrongCode,
    'Código de segundo factor incorrecto',
    FEA_MAX_CODE_ATTEMPTS - account.wrongCodes,
  );
}

/** The ID card's serial proves the holder on unlock and recovery pages. */
export const serialMatches = (account: FeaAccount, serial: string) =>
  account.serial === serial.replace(/\D/g, '');

export function unlockCertificate(account: FeaAccount): void {
  account.certificateBlocked = false;
  account.lockedUntil = undefined;
  account.wrongPasswords = 0;
}

export function unlockSecondFactor(account: FeaAccount): void {
  account.secondFactorBlocked = false;
  account.wrongCodes = 0;
  account.code = undefined;
}

/** Recovery of the password: a new one, and the key usable again. */
export function setPassword(account: FeaAccount, password: string): void {
  account.passwordHash = passwordHashOf(password);
  unlockCertificate(account);
}

/** Recovery of the second factor: a new phone, and the second factor usable again. */
export function setPhone(account: FeaAccount, phone: string): void {
  account.phone = phone;
  unlockSecondFactor(account);
}

/** "+56 9 1234 5678" → "+56 9 **** 5678". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${digits.slice(0, 2)} ${digits.slice(2, 3)} **** ${digits.slice(-4)}`;
}

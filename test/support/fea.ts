import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { SigningResponse } from '../../shared/contract/signing.js';
import { rutCheckDigit } from '../../shared/rules/rut.js';
import { pdfsigTrusting } from './seal-samples.js';
import type { SignerSession } from './signing.js';

/**
 * The FEA emulator of a test stack (local/fea): its SMS outbox, signers enrolled for one test,
 * and the wait while a provider job runs (the signing screen answers 'loading' until then).
 */

/** A valid RUT nobody else uses (bodies 30–39 million are left to tests). */
export function freshRut(): string {
  const body = String(30_000_000 + randomInt(0, 10_000_000));
  return `${body}-${rutCheckDigit(body)}`;
}

/** A signer enrolled at the emulator for this test only (its password and serial). */
export async function enrolledSigner(
  stack: StackInfo,
  over: { password?: string; serial?: string; name?: string } = {},
) {
  const rut = freshRut();
  const body = {
    rut,
    name: over.name ?? 'Firmante FEA de Prueba',
    email: `fea-${rut}@example.com`,
    serial: over.serial ?? String(randomInt(100_000_000, 999_999_999)),
    phone: '+56 9 7777 8888',
    password: over.password ?? 'ClaveSegura1',
  };
  const res = await fetch(`${stack.direct.fea}/_emulator/accounts`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return body;
}

/** The last SMS code the emulator sent to a RUT. */
export async function smsCode(stack: StackInfo, rut: string): Promise<string> {
  const sms = (await (await fetch(`${stack.direct.fea}/_emulator/sms`)).json()) as {
    rut: string;
    text: string;
  }[];
  const code = /(\d{8})/.exec(sms.filter((m) => m.rut === rut).at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no SMS for ${rut}`);
  return code;
}

/** Asks where things stand until the provider's job has ended (the screen's own polling). */
export async function settled(s: SignerSession, timeoutMs = 40_000): Promise<SigningResponse> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await s.step({ accion: 'check_status' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.status !== 'loading') return res.body;
    if (Date.now() > until) throw new Error('the FEA job did not end');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * pdfsig's reports of a provider-signed PDF (trusting the emulator's provider CA) and of the
 * sealed evidence PDF (trusting the stack's seal root), for the tests to read.
 */
export async function pdfsigReports(
  stack: StackInfo,
  feaPdf: Uint8Array,
  sealedPdf: Uint8Array,
): Promise<{ fea: string; seal: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fea-pdfsig-'));
  try {
    const feaCa = join(dir, 'fea-ca.pem');
    writeFileSync(feaCa, await (await fetch(`${stack.direct.fea}/_emulator/ca.pem`)).text());
    writeFileSync(join(dir, 'fea.pdf'), feaPdf);
    writeFileSync(join(dir, 'sealed.pdf'), sealedPdf);
    return {
      fea: pdfsigTrusting(feaCa, join(dir, 'nss-fea'))(join(dir, 'fea.pdf')),
      seal: pdfsigTrusting(stack.sealRootCaPath, join(dir, 'nss-seal'))(join(dir, 'sealed.pdf')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

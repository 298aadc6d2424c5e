import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEA_CODES } from '../../functions/signing/types/advanced/fea-codes.js';
import { FeaHttpProvider } from '../../functions/signing/types/advanced/fea-http.js';
import { FeaError } from '../../functions/signing/types/advanced/fea-provider.js';
import { FEA_TEST_IDENTITIES } from '../../local/fea/identities.js';
import { type FeaEmulator, startFeaEmulator } from '../../local/fea/server.js';
import { freePort } from '../../local/ports.js';
import { pdfsigTrusting } from '../support/seal-samples.js';

/**
 * The FEA provider port's HTTP adapter against the local emulator (local/fea): every refusal
 * the spec documents (122, 123, 134) and the emulator's others, the unlock and recovery pages,
 * idempotent signatures, timeouts and a provider that is down. The emulator runs here on a port
 * of its own (no stack needed).
 */
const KEY = 'test-fea-key';
const [ana, tomas] = FEA_TEST_IDENTITIES as [
  (typeof FEA_TEST_IDENTITIES)[number],
  (typeof FEA_TEST_IDENTITIES)[number],
];
let emulator: FeaEmulator;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
let provider: FeaHttpProvider;

async function samplePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 14 });
  return doc.save();
}

/** The last SMS code sent to that RUT. */
function lastCode(rut: string): string {
  const sms = emulator.store.sms.filter((m) => m.rut === rut).at(-1);
  const code = /(\d{8})/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no SMS for ${rut}`);
  return code;
}

async function refusal(promise: Promise<unknown>): Promise<FeaError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FeaError) return err;
    throw err;
  }
  throw new Error('expected a FeaError');
}

/** Submits a provider page's form and answers where it redirects to. */
async function submitPage(url: string, values: Record<string, string>): Promise<Response> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });
}

beforeAll(async () => {
  const port = await freePort();
  emulator = await startFeaEmulator({ port, apiKey: KEY });
  provider = new FeaHttpProvider({ baseUrl: emulator.apiUrl, apiKey: KEY });
}, 60_000);

afterAll(async () => {
  await emulator?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the FEA provider over HTTP', () => {
  it("tells an enrolled signer's certificate from a RUT never enrolled", async () => {
    const status = await provider.certificateStatus(ana.rut);
    expect(status).toMatchObject({ rut: ana.rut, state: 'valid' });
    expect(status.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(status.certificateSerial).toMatch(/^[0-9a-f]+$/);
    expect((await provider.certificateStatus('12345678-5')).state).toBe('none');
    const badRut = await refusal(provider.certificateStatus('12345678-0'));
    expect(badRut.kind).toBe('invalidInput');
  });

  it('gives an enrolment page that issues a certificate and returns to the caller', async () => {
    const { url } = await provider.enrolmentLink({
      rut: '12345678-5',
      name: 'Nuevo Firmante',
      email: 'nuevo@sello.test',
      returnUrl: 'http://localhost:9/fea/enrolment-return?r=abc',
    });
    const bad = await submitPage(url, {
      serial: '123',
      phone: '+56 9 3333 4444',
      password: 'Clave9999',
      password2: 'Clave9999',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Número de serie inválido');
    const done = await submitPage(url, {
      serial: '555666777',
      phone: '+56 9 3333 4444',
      password: 'Clave9999',
      password2: 'Clave9999',
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') ?? '');
    expect(back.pathname).toBe('/fea/enrolment-return');
    expect(back.searchParams.get('r')).toBe('abc');
    expect(back.searchParams.get('status')).toBe('success');
    expect((await provider.certificateStatus('12345678-5')).state).toBe('valid');
    // The ticket served once.
    expect((await fetch(url)).status).toBe(410);
  });

  it('signs a PDF with the password and the SMS code: a PAdES signature pdfsig validates', async () => {
    const sent = await provider.requestSecondFactor({ rut: ana.rut, password: ana.password });
    expect(sent.phoneMasked).toBe('+56 9 **** 1111');
    const pdf = await samplePdf('Contrato');
    const signed = await provider.signPdf({
      rut: ana.rut,
      password: ana.password,
      code: lastCode(ana.rut),
      reference: 'order-1:signer-ana',
      name: 'contrato.pdf',
      pdf,
    });
    expect(signed.transactionCode).toMatch(/^TX-/);
    // An incremental update: the original bytes are the signed file's start.
    expect(Buffer.from(signed.pdf.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);

    const dir = tempDir('fea-pdfsig-');
    const caPem = join(dir, 'ca.pem');
    writeFileSync(caPem, await (await fetch(`${emulator.endpoint}/_emulator/ca.pem`)).text());
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, signed.pdf);
    const report = pdfsigTrusting(caPem, join(dir, 'nss'))(file);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    expect(report).toContain(ana.name);

    // A retried job: the same reference and bytes answer the first signature, no new code
    // needed; other bytes under that reference are refused.
    const again = await provider.signPdf({
      rut: ana.rut,
      password: ana.password,
      code: '00000000',
      reference: 'order-1:signer-ana',
      name: 'contrato.pdf',
      pdf,
    });
    expect(again.transactionCode).toBe(signed.transactionCode);
    expect(Buffer.from(again.pdf).equals(Buffer.from(signed.pdf))).toBe(true);
    const reused = await refusal(
      provider.signPdf({
        rut: ana.rut,
        password: ana.password,
        code: '00000000',
        reference: 'order-1:signer-ana',
        name: 'otro.pdf',
        pdf: await samplePdf('Otro'),
      }),
    );
    expect(reused.code).toBe(FEA_CODES.referenceReused);
  });

  it('a second signer signs the signed PDF and both signatures stay valid', async () => {
    await provider.requestSecondFactor({ rut: ana.rut, password: ana.password });
    const first = await provider.signPdf({
      rut: ana.rut,
      password: ana.password,
      code: lastCode(ana.rut),
      reference: 'order-2:ana',
      name: 'a.pdf',
      pdf: await samplePdf('Dos firmantes'),
    });
    await provider.requestSecondFactor({ rut: tomas.rut, password: tomas.password });
    const second = await provider.signPdf({
      rut: tomas.rut,
      password: tomas.password,
      code: lastCode(tomas.rut),
      reference: 'order-2:tomas',
      name: 'a.pdf',
      pdf: first.pdf,
    });
    const dir = tempDir('fea-pdfsig2-');
    const caPem = join(dir, 'ca.pem');
    writeFileSync(caPem, await (await fetch(`${emulator.endpoint}/_emulator/ca.pem`)).text());
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, second.pdf);
    const report = pdfsigTrusting(caPem, join(dir, 'nss'))(file);
    expect(report.match(/Signature is Valid\./g)?.length).toBe(2);
    expect(report).toContain(ana.name);
    expect(report).toContain(tomas.name);
  });

  it('signs a hash: a detached CMS whose signer certificate carries the RUT', async () => {
    await provider.requestSecondFactor({ rut: ana.rut, password: ana.password });
    const hash = 'ab'.repeat(32);
    const signed = await provider.signHash({
      rut: ana.rut,
      password: ana.password,
      code: lastCode(ana.rut),
      reference: 'hash-1',
      sha256Hex: hash,
    });
    const info = new pkijs.ContentInfo({
      schema: asn1js.fromBER(signed.cms.slice().buffer as ArrayBuffer).result,
    });
    const data = new pkijs.SignedData({ schema: info.content });
    const digest = data.signerInfos[0]?.signedAttrs?.attributes.find(
      (a) => a.type === '1.2.840.113549.1.9.4',
    );
    if (!digest) throw new Error('no messageDigest attribute');
    const value = digest.values[0] as asn1js.OctetString;
    expect(Buffer.from(value.valueBlock.valueHexView).toString('hex')).toBe(hash);
    const cert = data.certificates?.[0] as pkijs.Certificate;
    const serial = cert.subject.typesAndValues.find((t) => t.type === '2.5.4.5');
    expect(serial?.value.valueBlock.value).toBe(ana.rut);
  });

  it('three wrong passwords: 120, 120, then 122; after the lock one more blocks the certificate (123)', async () => {
    const rut = tomas.rut;
    const wrong = () => refusal(provider.requestSecondFactor({ rut, password: 'mala-clave' }));
    const first = await wrong();
    expect(first).toMatchObject({ code: FEA_CODES.wrongPassword, attemptsLeft: 2 });
    expect((await wrong()).code).toBe(FEA_CODES.wrongPassword);
    const third = await wrong();
    expect(third).toMatchObject({ code: 122, kind: 'tooManyKeyAttempts' });
    expect(third.transient).toBe(false);
    // Still locked: the right password waits too.
    expect(
      (await refusal(provider.requestSecondFactor({ rut, password: tomas.password }))).code,
    ).toBe(122);

    // The lock over (the emulator's clock moved past it), a wrong one blocks the certificate.
    const account = emulator.store.accounts.get(rut);
    if (!account) throw new Error('no account');
    account.lockedUntil = Date.now() - 1;
    expect((await wrong()).code).toBe(FEA_CODES.certificateBlocked);
    expect((await provider.certificateStatus(rut)).state).toBe('blocked');

    // Recovery of the password with the ID-card serial (not the RUT).
    const notSerial = await refusal(
      provider.recover({
        rut,
        documentNumber: '22222222',
        returnUrl: 'http://localhost:9/password-recovery-success',
        sendMail: false,
        kind: 'certificado',
      }),
    );
    expect(notSerial.kind).toBe('invalidInput');
    const recovery = await provider.recover({
      rut,
      documentNumber: tomas.serial,
      returnUrl: 'http://localhost:9/password-recovery-success',
      sendMail: false,
      kind: 'certificado',
    });
    expect(recovery.url).toBeTruthy();
    const done = await submitPage(recovery.url ?? '', {
      password: 'NuevaClave1',
      password2: 'NuevaClave1',
    });
    const back = new URL(done.headers.get('location') ?? '');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      status: 'success',
      message: 'Clave recuperada',
      tipo: 'certificado',
    });
    expect((await provider.certificateStatus(rut)).state).toBe('valid');
    await provider.requestSecondFactor({ rut, password: 'NuevaClave1' });
  });

  it('three wrong SMS codes block the second factor (134); its unlock page opens it again', async () => {
    const rut = ana.rut;
    await provider.requestSecondFactor({ rut, password: ana.password });
    const pdf = await samplePdf('Bloqueo');
    const attempt = (code: string, reference: string) =>
      provider.signPdf({ rut, password: ana.password, code, reference, name: 'b.pdf', pdf });
    expect((await refusal(attempt('11111111', 'b-1'))).code).toBe(FEA_CODES.wrongCode);
    expect((await refusal(attempt('11111111', 'b-2'))).code).toBe(FEA_CODES.wrongCode);
    const blocked = await refusal(attempt('11111111', 'b-3'));
    expect(blocked).toMatchObject({ code: 134, kind: 'secondFactorBlocked' });
    expect(
      (await refusal(provider.requestSecondFactor({ rut, password: ana.password }))).code,
    ).toBe(134);

    const { url } = await provider.unlockSecondFactor({
      rut,
      returnUrl: 'http://localhost:9/second-factor-unlock-success?r=xyz',
    });
    const wrongSerial = await submitPage(url, { rut: ana.rut, serial: '999999999' });
    expect(wrongSerial.status).toBe(400);
    const done = await submitPage(url, { rut: '11.111.111-1', serial: ana.serial });
    expect(done.status).toBe(303);
    expect(new URL(done.headers.get('location') ?? '').searchParams.get('status')).toBe('success');
    await provider.requestSecondFactor({ rut, password: ana.password });
    const signed = await attempt(lastCode(rut), 'b-4');
    expect(signed.transactionCode).toMatch(/^TX-/);
  });

  it('a blocked certificate is unlocked with RUT and ID-card serial', async () => {
    const account = emulator.store.accounts.get(ana.rut);
    if (!account) throw new Error('no account');
    account.certificateBlocked = true;
    expect(
      (await refusal(provider.requestSecondFactor({ rut: ana.rut, password: ana.password }))).code,
    ).toBe(123);
    const { url } = await provider.unlockCertificate({
      rut: ana.rut,
      returnUrl: 'http://localhost:9/certificate-unlock-success',
    });
    const done = await submitPage(url, { rut: ana.rut, serial: ana.serial });
    expect(new URL(done.headers.get('location') ?? '').searchParams.get('message')).toBe(
      'Certificado desbloqueado',
    );
    await provider.requestSecondFactor({ rut: ana.rut, password: ana.password });
  });

  it('a signer never enrolled, a wrong integration key, and a malformed document are refused', async () => {
    const never = await refusal(provider.requestSecondFactor({ rut: '9876543-3', password: 'x' }));
    expect(never.kind).toBe('notEnrolled');
    const stranger = new FeaHttpProvider({ baseUrl: emulator.apiUrl, apiKey: 'wrong' });
    expect((await refusal(stranger.certificateStatus(ana.rut))).kind).toBe('unauthorized');
    const notPdf = await refusal(
      provider.signPdf({
        rut: ana.rut,
        password: ana.password,
        code: '1',
        reference: 'x',
        name: 'x.pdf',
        pdf: new TextEncoder().encode('hello'),
      }),
    );
    expect(notPdf.kind).toBe('invalidDocument');
  });

  it('a provider slower than the budget is a timeout; a provider down is unavailable; both transient', async () => {
    await fetch(`${emulator.endpoint}/_emulator/delays`, {
      method: 'POST',
      body: JSON.stringify({ secondFactorMs: 800 }),
    });
    const impatient = new FeaHttpProvider({
      baseUrl: emulator.apiUrl,
      apiKey: KEY,
      timeouts: { secondFactor: 150 },
    });
    const slow = await refusal(
      impatient.requestSecondFactor({ rut: ana.rut, password: ana.password }),
    );
    expect(slow.kind).toBe('timeout');
    expect(slow.transient).toBe(true);
    await fetch(`${emulator.endpoint}/_emulator/delays`, {
      method: 'POST',
      body: JSON.stringify({ secondFactorMs: 0 }),
    });

    const nobody = new FeaHttpProvider({
      baseUrl: `http://127.0.0.1:${await freePort()}/api`,
      apiKey: KEY,
    });
    const down = await refusal(nobody.certificateStatus(ana.rut));
    expect(down.kind).toBe('unavailable');
    expect(down.transient).toBe(true);
  });
});

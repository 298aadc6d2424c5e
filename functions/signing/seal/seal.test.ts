import { spawnSync } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalPki,
  type LocalTsa,
  localSealEnv,
  startLocalTsa,
} from '../../../local/pki/index.js';
import { readCertification } from '../../../test/support/seal-certification.js';
import { type SealPki, startSealPki } from '../../../test/support/seal-pki.js';
import {
  readSealCms,
  sampleInput,
  samplePdf,
  sampleSigner,
  sha256Hex,
} from '../../../test/support/seal-samples.js';
import {
  type SealCredentials,
  SealHashMismatch,
  SealInputError,
  SealTimestampError,
  sealCredentialsFrom,
  sealDocument,
} from './index.js';

/**
 * The sealed PDF end to end, checked by outside tools: poppler's pdfsig (signature valid,
 * certificate trusted through an NSS db holding the local root; a flipped byte → Digest
 * Mismatch), pdftotext (what the certificate says, ñ and accents included), pdfdetach (the
 * Word original attached byte for byte), and the timestamp token read and verified with
 * pkijs and `openssl ts -verify`. Runs the local TSA on a free loopback port.
 */

let fixture: SealPki;
let dir: string;
let pki: LocalPki;
let tsa: LocalTsa;
let creds: SealCredentials;
let save: SealPki['save'];
let pdfsig: SealPki['pdfsig'];

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  return `${r.stdout}${r.stderr}`;
};
const pdftext = (file: string) => run('pdftotext', ['-layout', file, '-']);
const pageCount = (file: string) => Number(run('pdfinfo', [file]).match(/Pages:\s+(\d+)/)?.[1]);

beforeAll(async () => {
  // The local TSA, and the CA whose CRL the B-LTA seal fetches into its DSS (ltv.test.ts).
  fixture = await startSealPki('sello-seal-');
  ({ dir, pki, tsa, save, pdfsig } = fixture);
  // Through the same path the consumer takes: configured values → credentials.
  creds = await sealCredentialsFrom(localSealEnv(pki, tsa.url));
}, 60_000);

afterAll(() => fixture?.close());

describe('sealDocument (PDF original)', () => {
  let sealed: Uint8Array;
  let file: string;
  const signers = [
    sampleSigner('María José Núñez Peña', 'drawn', 0),
    sampleSigner('Ignacio Ñandú Sáez', 'typed', 1),
    sampleSigner('Иван Петров 王小明 😀', 'typed', 2),
  ];

  beforeAll(async () => {
    const original = await samplePdf(3);
    const result = await sealDocument(sampleInput(original, signers), creds);
    sealed = result.pdf;
    file = save('sealed.pdf', sealed);
    expect(result.sha256).toBe(sha256Hex(sealed));
    // 3 original pages + 1 signatures page + 1 certificate page
    expect(result.pages).toBe(5);
    expect(pageCount(file)).toBe(5);
  }, 60_000);

  it('is a valid seal by a trusted certificate, covering the whole file', () => {
    const out = pdfsig(file);
    expect(out).toContain('Signature is Valid.');
    expect(out).toContain('Certificate is Trusted.');
    // The seal covers the whole file as it was when signed (its range ends at that revision's
    // %%EOF); what follows is the B-LTA part (DSS, document timestamp) that ltv.test.ts checks.
    const text = Buffer.from(sealed).toString('latin1');
    const [, , , c, d] = text.match(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/) ?? [];
    expect(text.slice(0, Number(c) + Number(d)).trimEnd()).toMatch(/%%EOF$/);
    expect(out).toContain('ETSI.CAdES.detached');
    expect(out).toContain('Sello - Sello electronico (local)');
  });

  it('is a certification signature (DocMDP P=2) that pdfsig finds valid', async () => {
    // P=2: a notary's own signature (or form filling) may follow without breaking it.
    expect(await readCertification(sealed)).toEqual({
      fieldName: 'Sello',
      permissions: 2,
      subFilter: 'ETSI.CAdES.detached',
    });
    const out = pdfsig(file);
    expect(out).toContain('Signature Field Name: Sello');
    expect(out).toContain('Signature is Valid.');
  });

  it('carries an RFC 3161 timestamp over its signature value, from the local TSA', async () => {
    const cms = readSealCms(sealed);
    expect(cms.tstInfo).not.toBeNull();
    const imprint = new Uint8Array(
      (cms.tstInfo as pkijs.TSTInfo).messageImprint.hashedMessage.valueBlock.valueHexView,
    );
    expect(Buffer.from(imprint).toString('hex')).toBe(sha256Hex(cms.signatureValue));
    const genTime = (cms.tstInfo as pkijs.TSTInfo).genTime.getTime();
    expect(Math.abs(genTime - Date.now())).toBeLessThan(10 * 60_000);

    // pkijs: the token's signature verifies with the TSA certificate it carries, and its
    // imprint is the hash of this signature value (the chain to the root: openssl, below).
    // An explicit engine: with @libpdf/core (and its own pkijs copy) loaded in this process,
    // pkijs's default engine failed here on the token's algorithms.
    const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as never });
    const token = new pkijs.SignedData({
      schema: new pkijs.ContentInfo({
        schema: asn1js.fromBER((cms.tokenDer as Uint8Array).slice().buffer as ArrayBuffer).result,
      }).content,
    });
    const verified = await token.verify(
      {
        signer: 0,
        checkChain: false,
        data: cms.signatureValue.slice().buffer as ArrayBuffer,
        extendedMode: true,
      },
      engine,
    );
    expect(verified.signatureVerified).toBe(true);

    // openssl agrees (it also requires the TSA certificate's critical timeStamping EKU).
    const tokenFile = save('token.der', cms.tokenDer as Uint8Array);
    const out = run('openssl', [
      ...['ts', '-verify', '-token_in', '-in', tokenFile],
      ...['-digest', sha256Hex(cms.signatureValue), '-sha256'],
      ...['-CAfile', join(dir, 'pki', 'root-ca.pem'), '-untrusted', join(dir, 'pki', 'tsa.pem')],
    ]);
    expect(out).toContain('Verification: OK');
  });

  it('fails verification once one byte inside the signed range changes', () => {
    const text = Buffer.from(sealed).toString('latin1');
    // A byte of the original's first page content, well inside the first signed range.
    const at = text.indexOf('stream') + 20;
    const copy = new Uint8Array(sealed);
    copy[at] = (copy[at] as number) ^ 0x01;
    const out = pdfsig(save('altered.pdf', copy));
    expect(out).not.toContain('Signature is Valid.');
    expect(out).toMatch(/Digest Mismatch|Invalid/);
  });

  it('prints the certificate in Spanish, accents and ñ included, without claiming PAdES', () => {
    const text = pdftext(file);
    for (const expected of [
      'Certificado de firma electrónica',
      'ORD-2026-000123',
      'Contrato de arriendo — Ñuñoa.pdf',
      '3 páginas',
      'K7M2Q-9XH4T',
      'https://sello.test/verificar/K7M2Q-9XH4T',
      'María José Núñez Peña',
      'Ignacio Ñandú Sáez',
      'f***@d***.cl',
      'Firma electrónica simple',
      '24-11-2026 21:28 (UTC−03:00)',
      '24-11-2026 21:30 (UTC−03:00)',
      'Chrome 131 en Windows',
      'Safari 17 en iPhone',
      '190.22.33.44',
      'Ley N° 19.799',
      'sello de tiempo',
      'Firmas',
    ]) {
      expect(text).toContain(expected);
    }
    // What the seal detects, said exactly (DocMDP P=2): only signatures and form filling may
    // follow; any other change invalidates it.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Después del sellado solo se admite agregar firmas electrónicas (por ejemplo, la de un ' +
        'notario) o llenar campos de formulario, y un lector de PDF las muestra como posteriores ' +
        'al sello; cualquier otro cambio en el archivo (texto, páginas, imágenes o comentarios) ' +
        'invalida el sello.',
    );
    // The original's hash and the audit head, on one line each.
    expect(text).toContain(sampleInput(new Uint8Array(), []).auditHead);
    expect(text).not.toMatch(/PAdES/i);
    // Cyrillic prints (embedded font); what no font here has becomes '?', nothing crashes.
    expect(text).toContain('Иван Петров');
    expect(text).not.toContain('firmante.0@');
  });

  it('cites the SHA-256 of the original it was given', async () => {
    const original = await samplePdf(1);
    const result = await sealDocument(sampleInput(original, signers.slice(0, 1)), creds);
    expect(pdftext(save('one.pdf', result.pdf))).toContain(sha256Hex(original));
  }, 60_000);
});

describe('sealCredentialsFrom', () => {
  it('refuses a missing value rather than sealing without it', async () => {
    const env = localSealEnv(pki, tsa.url);
    await expect(sealCredentialsFrom({ ...env, TSA_URL: '' })).rejects.toThrow(/TSA_URL/);
    await expect(sealCredentialsFrom({ ...env, SEAL_P12: undefined })).rejects.toThrow(/SEAL_P12/);
    // A KMS key id selects the KMS signer, which needs the certificate chain, not a P12.
    await expect(sealCredentialsFrom({ ...env, SEAL_KMS_KEY_ID: 'alias/sello' })).rejects.toThrow(
      /Missing seal configuration SEAL_CERT_CHAIN/,
    );
    const withFallback = await sealCredentialsFrom({
      ...env,
      TSA_URL_FALLBACK: 'http://127.0.0.1:1/tsa',
    });
    expect(withFallback.tsaUrlFallback).toBe('http://127.0.0.1:1/tsa');
  });
});

describe('sealDocument refusals', () => {
  it('throws SealHashMismatch when the original is not the recorded bytes', async () => {
    const original = await samplePdf(1);
    const input = sampleInput(original, [sampleSigner('Ana', 'typed')], {
      originalSha256: sha256Hex(new TextEncoder().encode('otro archivo')),
    });
    const err = await sealDocument(input, creds).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealHashMismatch);
    expect((err as SealHashMismatch).actual).toBe(sha256Hex(original));
  });

  it('throws SealTimestampError and returns nothing when the TSA is down', async () => {
    const original = await samplePdf(1);
    tsa.setMode('down');
    try {
      const err = await sealDocument(
        sampleInput(original, [sampleSigner('Ana', 'typed')]),
        creds,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SealTimestampError);
    } finally {
      tsa.setMode('up');
    }
  }, 60_000);

  it('uses the fallback TSA when the first one is unreachable', async () => {
    const dead = await startLocalTsa({ dataDir: join(dir, 'pki') });
    await dead.close(); // its port now refuses connections
    const original = await samplePdf(1);
    const result = await sealDocument(sampleInput(original, [sampleSigner('Ana', 'typed')]), {
      ...creds,
      tsaUrl: dead.url,
      tsaUrlFallback: tsa.url,
    });
    expect(readSealCms(result.pdf).tstInfo).not.toBeNull();
    expect(pdfsig(save('fallback.pdf', result.pdf))).toContain('Signature is Valid.');
  }, 60_000);

  it('sends the user and password of a TSA URL as basic auth, never in a message', async () => {
    const original = await samplePdf(1);
    const withAuth = tsa.url.replace('http://', 'http://sello:s%C3%A9cret@');
    const result = await sealDocument(sampleInput(original, [sampleSigner('Ana', 'typed')]), {
      ...creds,
      tsaUrl: withAuth,
    });
    expect(readSealCms(result.pdf).tstInfo).not.toBeNull();
    expect(tsa.stats.lastAuthorization).toBe(
      `Basic ${Buffer.from('sello:sécret').toString('base64')}`,
    );
    tsa.setMode('down');
    try {
      const err = await sealDocument(sampleInput(original, [sampleSigner('Ana', 'typed')]), {
        ...creds,
        tsaUrl: withAuth,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SealTimestampError);
      expect(String((err as Error).message)).not.toContain('cret');
    } finally {
      tsa.setMode('up');
    }
  }, 60_000);

  it('never seals in a token over other data: a lying TSA fails like a dead one', async () => {
    const original = await samplePdf(1);
    tsa.setMode('lying');
    try {
      const err = await sealDocument(
        sampleInput(original, [sampleSigner('Ana', 'typed')]),
        creds,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SealTimestampError);
      expect((err as Error).message).toContain('imprint mismatch');
    } finally {
      tsa.setMode('up');
    }
  }, 60_000);

  it('throws SealTimestampError when both TSAs fail', async () => {
    const original = await samplePdf(1);
    tsa.setMode('down');
    try {
      const err = await sealDocument(sampleInput(original, [sampleSigner('Ana', 'typed')]), {
        ...creds,
        tsaUrlFallback: tsa.url,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SealTimestampError);
    } finally {
      tsa.setMode('up');
    }
  }, 60_000);

  it('reports an unreadable or hostile PDF as SealInputError (retrying cannot help)', async () => {
    const signer = [sampleSigner('Ana', 'typed')];
    for (const original of [
      new TextEncoder().encode('%PDF-1.7 esto no es un PDF'),
      new Uint8Array(
        readFileSync(new URL('../../../test/fuzz/corpus/page-tree-cycle.pdf', import.meta.url)),
      ),
    ]) {
      await expect(sealDocument(sampleInput(original, signer), creds)).rejects.toBeInstanceOf(
        SealInputError,
      );
    }
  });

  it('refuses a drawn signature without a valid PNG, and an order without signers', async () => {
    const original = await samplePdf(1);
    const bad = { ...sampleSigner('Ana', 'drawn'), imagePng: new Uint8Array([1, 2, 3]) };
    await expect(sealDocument(sampleInput(original, [bad]), creds)).rejects.toBeInstanceOf(
      SealInputError,
    );
    await expect(sealDocument(sampleInput(original, []), creds)).rejects.toBeInstanceOf(
      SealInputError,
    );
  });
});

describe('sealDocument (Word original)', () => {
  it('seals an evidence PDF with the DOCX attached unchanged and its hash cited', async () => {
    const docx = new Uint8Array([
      0x50,
      0x4b,
      0x03,
      0x04,
      ...new TextEncoder().encode('contrato docx'),
      0,
      1,
      2,
      255,
    ]);
    const result = await sealDocument(
      sampleInput(
        docx,
        [sampleSigner('Pía Muñoz', 'drawn', 0), sampleSigner('José Ñúñez', 'typed', 1)],
        {
          kind: 'docx',
          originalName: 'Contrato de compraventa.docx',
        },
      ),
      creds,
    );
    const file = save('evidence.pdf', result.pdf);
    expect(pdfsig(file)).toContain('Signature is Valid.');
    expect(readSealCms(result.pdf).tstInfo).not.toBeNull();
    expect(run('pdfdetach', ['-list', file])).toContain('Contrato de compraventa.docx');
    const extracted = join(dir, 'extracted.docx');
    run('pdfdetach', ['-save', '1', '-o', extracted, file]);
    expect(sha256Hex(readFileSync(extracted))).toBe(sha256Hex(docx));
    const text = pdftext(file);
    expect(text).toContain(sha256Hex(docx));
    expect(text).toContain('Archivo original adjunto a este PDF');
    expect(text).toContain('Pía Muñoz');
  }, 60_000);
});

describe('sealDocument with many signers', () => {
  it('fits 10 signers on continued certificate pages, every one listed', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Firmante Número ${i + 1} Cañas`);
    const signers = names.map((n, i) => sampleSigner(n, i % 2 ? 'typed' : 'drawn', i));
    const result = await sealDocument(sampleInput(await samplePdf(2), signers), creds);
    const file = save('ten.pdf', result.pdf);
    // 2 original + 1 signatures page (10 per page) + at least 2 certificate pages
    expect(result.pages).toBeGreaterThanOrEqual(5);
    expect(pageCount(file)).toBe(result.pages);
    const text = pdftext(file);
    for (const n of names) expect(text).toContain(n);
    expect(text).toContain('Certificado de firma electrónica (continuación)');
    expect(pdfsig(file)).toContain('Signature is Valid.');
  }, 60_000);
});

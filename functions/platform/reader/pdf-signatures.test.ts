import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSealEnv } from '../../../local/pki/index.js';
import { type SealPki, startSealPki } from '../../../test/support/seal-pki.js';
import { sampleInput, samplePdf, sampleSigner } from '../../../test/support/seal-samples.js';
import { sealCredentialsFrom, sealDocument } from '../../signing/seal/index.js';
import { pdfDate } from './pdf-signature-scan.js';
import { listPdfSignatures } from './pdf-signatures.js';
import { readInChild } from './read-in-child.js';

/**
 * listPdfSignatures on PDFs really signed with the local PKI's seal certificate (through
 * @libpdf/core's P12Signer, as signer-file.ts signs) and sealed by the seal itself (a PAdES
 * B-LTA signature followed by document timestamps from the local TSA), then tampered with:
 * a flipped byte, an appended revision, garbage in /Contents, a range past the file's end.
 * poppler's pdfsig, trusting the local root, must agree on valid and invalid.
 */

const SEAL_CN = 'Sello - Sello electronico (local)';
const TSA_CN = 'Sello TSA (local)';
const SIGNED_AT = new Date('2026-11-25T00:30:00.000Z');

let fixture: SealPki;
let signed: Uint8Array;

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const fromLatin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const byteRange = (pdf: Uint8Array) =>
  (latin1(pdf).match(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/) ?? [])
    .slice(1)
    .map(Number) as [number, number, number, number];

/** A PDF signed once more by the local seal certificate (an incremental update when signed). */
async function signWithP12(pdf: Uint8Array, fieldName: string): Promise<Uint8Array> {
  const { PDF, P12Signer } = await import('@libpdf/core');
  const doc = await PDF.load(pdf);
  const signer = await P12Signer.create(fixture.pki.sealP12, fixture.pki.sealP12Password);
  const result = await doc.sign({ signer, fieldName, signingTime: SIGNED_AT });
  return result.bytes;
}

beforeAll(async () => {
  fixture = await startSealPki('sello-pdf-signatures-');
  signed = await signWithP12(await samplePdf(1), 'Notario');
}, 60_000);

afterAll(() => fixture?.close());

describe('listPdfSignatures', () => {
  it('lists a valid signature covering the whole file, with its signer and time', async () => {
    const { signatures } = await listPdfSignatures(signed);
    expect(signatures).toEqual([
      {
        kind: 'signature',
        signer_name: SEAL_CN,
        signed_at: SIGNED_AT.toISOString(),
        valid: true,
        covers_whole_file: true,
        problem: null,
      },
    ]);
    expect(fixture.pdfsig(fixture.save('signed.pdf', signed))).toContain('Signature is Valid.');
  });

  it('finds a digest mismatch when a signed byte changed', async () => {
    const tampered = signed.slice();
    // The header's binary comment: inside the first signed part, harmless to any parser.
    expect(tampered[10]).toBeGreaterThan(127);
    tampered[10] = (tampered[10] as number) ^ 0x01;
    const [sig] = (await listPdfSignatures(tampered)).signatures;
    expect(sig).toMatchObject({ valid: false, problem: 'digest_mismatch', signer_name: SEAL_CN });
    expect(fixture.pdfsig(fixture.save('tampered.pdf', tampered))).toContain('Digest Mismatch');
  });

  it('keeps a signature valid after bytes are appended, no longer covering the whole file', async () => {
    const appended = new Uint8Array(
      Buffer.concat([signed, Buffer.from('\n% a later revision\n', 'latin1')]),
    );
    const [sig] = (await listPdfSignatures(appended)).signatures;
    expect(sig).toMatchObject({ valid: true, covers_whole_file: false, problem: null });
    expect(fixture.pdfsig(fixture.save('appended.pdf', appended))).toContain('Signature is Valid.');
  });

  it('lists both signatures when a second one is added in a new revision', async () => {
    const twice = await signWithP12(signed, 'Notario2');
    const { signatures } = await listPdfSignatures(twice);
    expect(signatures.map((s) => [s.valid, s.covers_whole_file, s.signer_name])).toEqual([
      [true, false, SEAL_CN],
      [true, true, SEAL_CN],
    ]);
    const out = fixture.pdfsig(fixture.save('twice.pdf', twice));
    expect(out.match(/Signature is Valid\./g)).toHaveLength(2);
  });

  it('lists nothing for an unsigned PDF', async () => {
    expect(await listPdfSignatures(await samplePdf(1))).toEqual({ signatures: [] });
  });

  it('finds a bad signature when the signature value changed', async () => {
    const [, b] = byteRange(signed);
    const text = latin1(signed);
    // The CMS's DER length (the rest of /Contents is zero padding); a signature without
    // unsigned attributes ends with its RSA signature value.
    const der = Buffer.from(text.slice(b + 1, b + 1 + 8), 'hex');
    expect(der[0]).toBe(0x30);
    const lengthBytes = (der[1] as number) & 0x7f;
    const derLength = 2 + lengthBytes + der.readUIntBE(2, lengthBytes);
    const at = b + 1 + 2 * (derLength - 8);
    const flipped = text[at] === '0' ? '1' : '0';
    const broken = fromLatin1(`${text.slice(0, at)}${flipped}${text.slice(at + 1)}`);
    const [sig] = (await listPdfSignatures(broken)).signatures;
    expect(sig).toMatchObject({ valid: false, problem: 'bad_signature', signer_name: SEAL_CN });
    expect(fixture.pdfsig(fixture.save('bad-signature.pdf', broken))).not.toContain(
      'Signature is Valid.',
    );
  });

  it('reports garbage in /Contents as unreadable', async () => {
    const [, b, c] = byteRange(signed);
    const text = latin1(signed);
    const garbage = 'deadbeef'.repeat(c - b).slice(0, c - b - 2);
    const broken = fromLatin1(`${text.slice(0, b + 1)}${garbage}${text.slice(c - 1)}`);
    expect(broken.length).toBe(signed.length);
    const [sig] = (await listPdfSignatures(broken)).signatures;
    expect(sig).toMatchObject({
      kind: 'signature',
      valid: false,
      problem: 'unreadable',
      signer_name: null,
      // No CMS to read it from: the dictionary's /M.
      signed_at: SIGNED_AT.toISOString(),
    });
    expect(fixture.pdfsig(fixture.save('garbage.pdf', broken))).not.toContain(
      'Signature is Valid.',
    );
  });

  it('reports a range past the end of the file, or not around /Contents, as byte_range', async () => {
    const [a, b, c, d] = byteRange(signed);
    const withRange = (range: string) =>
      fromLatin1(latin1(signed).replace(/\/ByteRange\s*\[[^\]]*\]/, `/ByteRange [${range}]`));
    for (const range of [
      `${a} ${b} ${c} ${d + 1}`, // one byte past the end
      `${a} ${b} ${c} 99999999999`,
      `${a} ${b - 1} ${c} ${d}`, // the hole starts before '<'
      `${a} ${b} ${c + 1} ${d - 1}`, // the hole ends after '>'
      `5 ${b - 5} ${c} ${d}`, // a prefix left unsigned
      `${a} ${b} ${c}`,
      `${a} -${b} ${c} ${d}`,
    ]) {
      const { signatures } = await listPdfSignatures(withRange(range));
      expect(signatures, range).toHaveLength(1);
      expect(signatures[0], range).toMatchObject({ valid: false, problem: 'byte_range' });
    }
  });

  it('examines at most 20 signatures, the last ones: fakes before a real one cannot hide it', async () => {
    const fakes = Array.from({ length: 30 }, (_, i) => `%/ByteRange [0 ${i + 1} 9 9]`).join('\n');
    // 30 fake dictionaries in a comment, then a real signature in the revision after them.
    const padded = Buffer.concat([Buffer.from(await samplePdf(1)), Buffer.from(`\n${fakes}\n`)]);
    const real = await signWithP12(new Uint8Array(padded), 'Notario');
    const { signatures } = await listPdfSignatures(real);
    expect(signatures).toHaveLength(20);
    expect(signatures.at(-1)).toMatchObject({ valid: true, covers_whole_file: true });
    expect(signatures.slice(0, -1).every((s) => s.problem === 'byte_range')).toBe(true);
  });

  it('never throws on the hostile PDFs of the fuzz corpus', async () => {
    const corpus = new URL('../../../test/fuzz/corpus/', import.meta.url);
    for (const name of readdirSync(corpus).filter((n) => n.endsWith('.pdf'))) {
      const { signatures } = await listPdfSignatures(readFileSync(new URL(name, corpus)));
      expect(
        signatures.every((s) => !s.valid),
        name,
      ).toBe(true);
    }
  });
});

describe('listPdfSignatures on a sealed PDF (PAdES B-LTA)', () => {
  it('lists the seal and its document timestamp, all valid', { timeout: 60_000 }, async () => {
    const creds = await sealCredentialsFrom(localSealEnv(fixture.pki, fixture.tsa.url));
    const original = await samplePdf(1);
    const { pdf } = await sealDocument(
      sampleInput(original, [sampleSigner('María José Núñez Peña', 'typed', 0)]),
      creds,
    );
    const { signatures } = await listPdfSignatures(pdf);
    const [seal, ...timestamps] = signatures;
    expect(seal).toMatchObject({
      kind: 'signature',
      signer_name: SEAL_CN,
      signed_at: '2026-11-25T00:30:00.000Z',
      valid: true,
      // The DSS and the document timestamp were appended after it.
      covers_whole_file: false,
      problem: null,
    });
    expect(timestamps.length).toBeGreaterThanOrEqual(1);
    for (const ts of timestamps) {
      expect(ts).toMatchObject({ kind: 'timestamp', signer_name: TSA_CN, valid: true });
      expect(Math.abs(Date.parse(ts.signed_at as string) - Date.now())).toBeLessThan(600_000);
    }
    // B-LTA ends with the DSS update for the last timestamp: no signature covers that revision.
    expect(signatures.map((s) => s.covers_whole_file)).toEqual(signatures.map(() => false));

    // A byte changed in the first revision breaks the seal and every timestamp over it.
    const tampered = pdf.slice();
    tampered[10] = (tampered[10] as number) ^ 0x01;
    const after = (await listPdfSignatures(tampered)).signatures;
    expect(after.map((s) => s.problem)).toEqual(after.map(() => 'digest_mismatch'));
  });
});

describe("pdfDate (a signature dictionary's /M)", () => {
  it('reads the forms PDF writers use, offset included', () => {
    expect(pdfDate("/M (D:20261125003000-03'00')")).toBe('2026-11-25T03:30:00.000Z');
    expect(pdfDate("/M(D:20261125003000+01'30)")).toBe('2026-11-24T23:00:00.000Z');
    expect(pdfDate('/M (D:20261125003000Z)')).toBe('2026-11-25T00:30:00.000Z');
    expect(pdfDate('/M (D:2026)')).toBe('2026-01-01T00:00:00.000Z');
    expect(pdfDate('/M (D:20261399000000Z)')).toBeNull();
    expect(pdfDate('/M <443a32303236>')).toBeNull();
  });
});

describe("the 'notarized-check' reader task", () => {
  it('answers from the reader child as it does in process', { timeout: 30_000 }, async () => {
    expect(await readInChild('notarized-check', signed)).toEqual({
      ok: true,
      pages: 1,
      signatures: await listPdfSignatures(signed).then((l) => l.signatures),
    });
  });
});

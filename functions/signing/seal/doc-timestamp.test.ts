import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalCa,
  type LocalPki,
  type LocalTsa,
  localSealEnv,
} from '../../../local/pki/index.js';
import { type SealPki, startSealPki } from '../../../test/support/seal-pki.js';
import {
  readDocTimestamps,
  readDss,
  sampleInput,
  samplePdf,
  sampleSigner,
  sha256Hex,
} from '../../../test/support/seal-samples.js';
import { appendArchiveTimestamp, lastDocTimestampExpiry } from './doc-timestamp.js';
import { type SealCredentials, sealCredentialsFrom, sealDocument } from './index.js';
import { SealRevocationError } from './ltv.js';

/**
 * The yearly re-timestamp's PDF part: a sealed file gets a DSS update and a second document
 * timestamp appended; the bytes the customer downloaded are its prefix and still validate; the
 * new timestamp verifies with openssl over the whole earlier file.
 */

let dir: string;
let pki: LocalPki;
let tsa: LocalTsa;
let ca: LocalCa;
let creds: SealCredentials;
let pdfsig: (file: string) => string;
let sealed: Uint8Array;

let save: SealPki['save'];
let env: SealPki;

beforeAll(async () => {
  env = await startSealPki('sello-rets-');
  ({ dir, pki, tsa, ca, save, pdfsig } = env);
  creds = await sealCredentialsFrom(localSealEnv(pki, tsa.url));
  sealed = (
    await sealDocument(sampleInput(await samplePdf(1), [sampleSigner('Ana', 'typed')]), creds)
  ).pdf;
}, 90_000);

afterAll(() => env?.close());

describe('lastDocTimestampExpiry', () => {
  it("is the expiry of the TSA certificate of the sealed file's document timestamp", () => {
    const tsaCert = new pkijs.Certificate({
      schema: asn1js.fromBER(pki.tsaCertDer.slice().buffer as ArrayBuffer).result,
    });
    expect(lastDocTimestampExpiry(sealed)?.toISOString()).toBe(
      tsaCert.notAfter.value.toISOString(),
    );
    expect(lastDocTimestampExpiry(new TextEncoder().encode('%PDF-1.7 sin firmas'))).toBeNull();
  });
});

describe('appendArchiveTimestamp', () => {
  it('appends a DSS update and a second document timestamp, the sealed bytes kept as they were', async () => {
    const again = await appendArchiveTimestamp(sealed, creds);
    expect(Buffer.compare(again.subarray(0, sealed.length), sealed)).toBe(0);
    const stamps = readDocTimestamps(again);
    expect(stamps).toHaveLength(2);
    // The new timestamp covers everything before it, the first timestamp included.
    const last = stamps[1] as (typeof stamps)[number];
    expect(last.signedBytes.length).toBeGreaterThan(sealed.length);
    const r = spawnSync(
      'openssl',
      [
        ...['ts', '-verify', '-token_in', '-in', save('new-ts.der', last.tokenDer)],
        ...['-data', save('new-ts-data.bin', last.signedBytes)],
        ...['-CAfile', join(dir, 'pki', 'root-ca.pem'), '-untrusted', join(dir, 'pki', 'tsa.pem')],
      ],
      { encoding: 'utf8' },
    );
    expect(`${r.stdout}${r.stderr}`).toContain('Verification: OK');
    // pdfsig: the seal still valid in the new file, and in the file as first delivered.
    for (const file of [save('again.pdf', again), save('first.pdf', sealed)]) {
      const seal = pdfsig(file).split(/Signature #\d+:/)[1] ?? '';
      expect(seal).toContain('Signature Field Name: Sello');
      expect(seal).toContain('Signature is Valid.');
    }
    expect(pdfsig(join(dir, 'again.pdf')).match(/Signature #\d+:/g)).toHaveLength(3);
    // The DSS now vouches for the new timestamp too (one more VRI entry), CRLs included.
    const before = await readDss(sealed);
    const after = await readDss(again);
    expect(after?.vri.length).toBeGreaterThan(before?.vri.length ?? 0);
    expect(after?.crls.length).toBeGreaterThanOrEqual(1);
    expect(sha256Hex(again)).not.toBe(sha256Hex(sealed));
  }, 90_000);

  it('fails retryably and appends nothing when the CA cannot be reached', async () => {
    ca.setMode('down');
    try {
      await expect(appendArchiveTimestamp(sealed, creds)).rejects.toBeInstanceOf(
        SealRevocationError,
      );
    } finally {
      ca.setMode('up');
    }
  }, 90_000);
});

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
  readSealCms,
  sampleInput,
  samplePdf,
  sampleSigner,
  sha256Hex,
} from '../../../test/support/seal-samples.js';
import { isTerminalSealError } from '../sealing/seal-failure.js';
import { type SealCredentials, sealCredentialsFrom, sealDocument } from './index.js';
import { crlUrls, SealRevocationError } from './ltv.js';

/**
 * The seal is PAdES B-LTA: the signature with its RFC 3161 timestamp, a DSS holding the seal's
 * and the TSA's chains with the local CA's CRL, and a document timestamp (/DocTimeStamp,
 * ETSI.RFC3161) over all of it. Checked from outside: pdfsig (poppler 22 lists the document
 * timestamp but cannot validate that type; `openssl ts -verify` checks it against the root),
 * the DSS read back from the file, the CRL parsed. A CA that cannot be reached fails the seal
 * with a retryable error: never a seal without its revocation data.
 */

let dir: string;
let pki: LocalPki;
let tsa: LocalTsa;
let ca: LocalCa;
let creds: SealCredentials;
let pdfsig: (file: string) => string;

let save: SealPki['save'];
let env: SealPki;
const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;
const cert = (der: Uint8Array) =>
  new pkijs.Certificate({ schema: asn1js.fromBER(toAb(der)).result });
const hex = (u: Uint8Array) => Buffer.from(u).toString('hex');

beforeAll(async () => {
  env = await startSealPki('sello-ltv-');
  ({ dir, pki, tsa, ca, save, pdfsig } = env);
  creds = await sealCredentialsFrom(localSealEnv(pki, tsa.url));
}, 60_000);

afterAll(() => env?.close());

describe('local PKI publication', () => {
  it('names the local CA as CRL distribution point of the seal and TSA certificates', () => {
    expect(crlUrls(cert(pki.sealCertDer))).toEqual([`${ca.url}/root.crl`]);
    expect(crlUrls(cert(pki.tsaCertDer))).toEqual([`${ca.url}/root.crl`]);
    expect(crlUrls(cert(pki.rootCertDer))).toEqual([]);
  });
});

describe('sealDocument at PAdES B-LTA', () => {
  let sealed: Uint8Array;
  let file: string;

  beforeAll(async () => {
    const result = await sealDocument(
      sampleInput(await samplePdf(2), [sampleSigner('Ana Núñez', 'typed')]),
      creds,
    );
    sealed = result.pdf;
    file = save('sealed.pdf', sealed);
  }, 90_000);

  it('pdfsig lists the seal (valid, trusted) and then the document timestamp', () => {
    const out = pdfsig(file);
    const [seal, docTs] = out.split(/Signature #\d+:/).slice(1) as [string, string];
    expect(out.match(/Signature #\d+:/g)).toHaveLength(2);
    expect(seal).toContain('Signature Field Name: Sello');
    expect(seal).toContain('ETSI.CAdES.detached');
    expect(seal).toContain('Signature is Valid.');
    expect(seal).toContain('Certificate is Trusted.');
    // The document timestamp comes after the seal and is signed by the TSA.
    expect(docTs).toContain('Signer Certificate Common Name: Sello TSA (local)');
  });

  it('ends with a /DocTimeStamp (ETSI.RFC3161) over the sealed bytes, verified by openssl', () => {
    const text = Buffer.from(sealed).toString('latin1');
    expect(text).toMatch(/\/Type\s*\/DocTimeStamp/);
    expect(text).toMatch(/\/SubFilter\s*\/ETSI\.RFC3161/);
    const stamps = readDocTimestamps(sealed);
    expect(stamps).toHaveLength(1);
    const [stamp] = stamps as [(typeof stamps)[number]];
    const imprint = hex(
      new Uint8Array(stamp.tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
    );
    expect(imprint).toBe(sha256Hex(stamp.signedBytes));
    const r = spawnSync(
      'openssl',
      [
        ...['ts', '-verify', '-token_in', '-in', save('docts.der', stamp.tokenDer)],
        ...['-data', save('docts-data.bin', stamp.signedBytes)],
        ...['-CAfile', join(dir, 'pki', 'root-ca.pem'), '-untrusted', join(dir, 'pki', 'tsa.pem')],
      ],
      { encoding: 'utf8' },
    );
    expect(`${r.stdout}${r.stderr}`).toContain('Verification: OK');
    // The seal's own signature timestamp is still there, under the document timestamp.
    expect(readSealCms(sealed).tstInfo).not.toBeNull();
  });

  it('has a DSS with the seal, TSA and root certificates and the CA CRL, per signature', async () => {
    const dss = await readDss(sealed);
    expect(dss).not.toBeNull();
    const certs = (dss?.certs ?? []).map(hex);
    for (const der of [pki.sealCertDer, pki.tsaCertDer, pki.rootCertDer]) {
      expect(certs).toContain(hex(der));
    }
    expect(dss?.crls.length).toBeGreaterThanOrEqual(1);
    const root = cert(pki.rootCertDer);
    for (const der of dss?.crls ?? []) {
      const crl = new pkijs.CertificateRevocationList({ schema: asn1js.fromBER(toAb(der)).result });
      expect(hex(new Uint8Array(crl.issuer.toSchema().toBER(false)))).toBe(
        hex(new Uint8Array(root.subject.toSchema().toBER(false))),
      );
      // Signed by the root: what a validator checks years from now, offline.
      expect(await crl.verify({ issuerCertificate: root })).toBe(true);
    }
    // VRI entries: the seal, its signature timestamp and the document timestamp.
    expect(dss?.vri.length).toBeGreaterThanOrEqual(3);
  });
});

describe('sealDocument when the CA cannot be reached', () => {
  it('fails with a retryable SealRevocationError and returns nothing', async () => {
    ca.setMode('down');
    try {
      const err = await sealDocument(
        sampleInput(await samplePdf(1), [sampleSigner('Ana', 'typed')]),
        creds,
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SealRevocationError);
      expect((err as Error).message).toContain('root.crl');
      expect(isTerminalSealError(err)).toBe(false);
    } finally {
      ca.setMode('up');
    }
  }, 90_000);
});

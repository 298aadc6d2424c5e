import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { P12Signer } from '@libpdf/core';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, startLocalCa, startLocalTsa } from './index.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'sello-pki-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('ensureLocalPki', () => {
  it('generates once and reuses the same certificates afterwards', async () => {
    const dir = temp();
    const first = await ensureLocalPki(dir);
    const again = await ensureLocalPki(dir);
    expect(Buffer.from(again.rootCertDer)).toEqual(Buffer.from(first.rootCertDer));
    expect(Buffer.from(again.sealP12)).toEqual(Buffer.from(first.sealP12));
    expect(readFileSync(join(dir, 'root-ca.pem'), 'utf8')).toBe(first.rootCertPem);
    // The P12 opens with its password, the seal certificate first.
    const signer = await P12Signer.create(first.sealP12, first.sealP12Password);
    expect(Buffer.from(signer.certificate)).toEqual(Buffer.from(first.sealCertDer));
    await expect(P12Signer.create(first.sealP12, 'wrong')).rejects.toThrow();
  }, 30_000);

  it('gives two concurrent first calls one and the same PKI', async () => {
    const dir = temp();
    const [a, b] = await Promise.all([ensureLocalPki(dir), ensureLocalPki(dir)]);
    expect(Buffer.from(a.rootCertDer)).toEqual(Buffer.from(b.rootCertDer));
    expect(Buffer.from(a.tsaKeyPkcs8)).toEqual(Buffer.from(b.tsaKeyPkcs8));
  }, 30_000);

  it('issues the TSA certificate with the critical timeStamping EKU, chained to the root', async () => {
    const dir = temp();
    await ensureLocalPki(dir);
    const text = execFileSync('openssl', ['x509', '-in', join(dir, 'tsa.pem'), '-noout', '-text'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
    const verify = execFileSync(
      'openssl',
      ['verify', '-CAfile', join(dir, 'root-ca.pem'), join(dir, 'tsa.pem'), join(dir, 'seal.pem')],
      { encoding: 'utf8' },
    );
    expect(verify).toContain('tsa.pem: OK');
    expect(verify).toContain('seal.pem: OK');
  }, 30_000);
});

describe('startLocalTsa', () => {
  it('answers RFC 3161 queries that openssl verifies, refuses when set down', async () => {
    const dir = temp();
    const tsa = await startLocalTsa({ dataDir: dir });
    try {
      const data = join(dir, 'data.txt');
      writeFileSync(data, 'contrato');
      const query = execFileSync('openssl', ['ts', '-query', '-data', data, '-sha256', '-cert']);
      const post = () =>
        fetch(tsa.url, {
          method: 'POST',
          headers: { 'content-type': 'application/timestamp-query' },
          body: query,
        });
      const res = await post();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/timestamp-reply');
      const reply = join(dir, 'reply.tsr');
      writeFileSync(reply, new Uint8Array(await res.arrayBuffer()));
      const out = execFileSync(
        'openssl',
        [
          ...['ts', '-verify', '-in', reply, '-data', data],
          ...['-CAfile', join(dir, 'root-ca.pem'), '-untrusted', join(dir, 'tsa.pem')],
        ],
        { encoding: 'utf8' },
      );
      expect(out).toContain('Verification: OK');
      // The token names its authority (the TSA certificate's subject).
      const text = execFileSync('openssl', ['ts', '-reply', '-in', reply, '-text'], {
        encoding: 'utf8',
      });
      expect(text).toMatch(/TSA: DirName:.*CN ?= ?[^\n]*TSA/i);

      // A malformed query gets a rejection status, not a token.
      const bad = await fetch(tsa.url, { method: 'POST', body: 'nonsense' });
      const badFile = join(dir, 'bad.tsr');
      writeFileSync(badFile, new Uint8Array(await bad.arrayBuffer()));
      expect(
        execFileSync('openssl', ['ts', '-reply', '-in', badFile, '-text'], { encoding: 'utf8' }),
      ).toContain('Status: Rejected');

      tsa.setMode('down');
      await expect(post()).rejects.toThrow();
      tsa.setMode('up');
      expect((await post()).status).toBe(200);
    } finally {
      await tsa.close();
    }
    await expect(fetch(tsa.url, { method: 'POST', body: 'x' })).rejects.toThrow();
  }, 30_000);
});

describe('startLocalCa', () => {
  it('publishes a CRL signed by the root and the root itself, at the URL the leaves name', async () => {
    const dir = temp();
    const pki = await ensureLocalPki(dir);
    const ca = await startLocalCa({ dataDir: dir });
    try {
      expect(ca.url).toBe(pki.caUrl);
      // The leaves name this CA for their CRL and issuer (openssl's reading of them).
      const text = execFileSync(
        'openssl',
        ['x509', '-in', join(dir, 'seal.pem'), '-noout', '-text'],
        {
          encoding: 'utf8',
        },
      );
      expect(text).toContain(`URI:${ca.url}/root.crl`);
      expect(text).toContain(`CA Issuers - URI:${ca.url}/root.crt`);

      const crl = await fetch(`${ca.url}/root.crl`);
      expect(crl.headers.get('content-type')).toBe('application/pkix-crl');
      writeFileSync(join(dir, 'root.crl'), new Uint8Array(await crl.arrayBuffer()));
      // openssl checks the CRL's signature against the root (it says so on stderr).
      const r = spawnSync(
        'openssl',
        [
          ...['crl', '-inform', 'DER', '-in', join(dir, 'root.crl'), '-noout', '-text'],
          ...['-CAfile', join(dir, 'root-ca.pem')],
        ],
        { encoding: 'utf8' },
      );
      const verified = `${r.stdout}${r.stderr}`;
      expect(verified).toContain('verify OK');
      expect(verified).toContain('No Revoked Certificates');
      expect(verified).toMatch(/Next Update: /);

      const root = await fetch(`${ca.url}/root.crt`);
      expect(Buffer.from(await root.arrayBuffer())).toEqual(Buffer.from(pki.rootCertDer));
      expect((await fetch(`${ca.url}/nada`)).status).toBe(404);

      ca.setMode('down');
      await expect(fetch(`${ca.url}/root.crl`)).rejects.toThrow();
    } finally {
      await ca.close();
    }
  }, 30_000);

  it('re-issues the leaves of a folder made before the CRL, under the same root', async () => {
    const dir = temp();
    const first = await ensureLocalPki(dir);
    const path = join(dir, 'pki.json');
    const old = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...old, version: 1, caUrl: undefined }));
    const again = await ensureLocalPki(dir);
    expect(Buffer.from(again.rootCertDer)).toEqual(Buffer.from(first.rootCertDer));
    expect(Buffer.from(again.sealCertDer)).not.toEqual(Buffer.from(first.sealCertDer));
    expect(again.caUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const verify = execFileSync(
      'openssl',
      ['verify', '-CAfile', join(dir, 'root-ca.pem'), join(dir, 'tsa.pem'), join(dir, 'seal.pem')],
      { encoding: 'utf8' },
    );
    expect(verify).toContain('seal.pem: OK');
  }, 30_000);
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, timestampReply } from '../../../local/pki/index.js';
import { timestampTokenProblem } from './timestamp-check.js';

const dir = mkdtempSync(join(tmpdir(), 'sello-tst-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

/** A token from the local TSA for `digest` (lying: over other data). */
async function token(digest: Uint8Array, lie = false): Promise<Uint8Array> {
  const pki = await ensureLocalPki(dir);
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
      hashedMessage: new asn1js.OctetString({ valueHex: toAb(digest) }),
    }),
    certReq: true,
  });
  const reply = await timestampReply(
    new Uint8Array(req.toSchema().toBER(false)),
    { certDer: pki.tsaCertDer, keyPkcs8: pki.tsaKeyPkcs8 },
    { lie },
  );
  const resp = new pkijs.TimeStampResp({ schema: asn1js.fromBER(toAb(reply)).result });
  return new Uint8Array((resp.timeStampToken as pkijs.ContentInfo).toSchema().toBER(false));
}

describe('timestampTokenProblem', () => {
  const digest = new Uint8Array(createHash('sha256').update('firma').digest());

  it('accepts a token over the digest, dated now', async () => {
    expect(timestampTokenProblem(await token(digest), digest)).toBeNull();
  }, 30_000);

  it('refuses a token over other data, one dated far from now, and garbage', async () => {
    expect(timestampTokenProblem(await token(digest, true), digest)).toMatch(/imprint mismatch/);
    const later = new Date(Date.now() + 3600_000);
    expect(timestampTokenProblem(await token(digest), digest, later)).toMatch(/far from now/);
    expect(timestampTokenProblem(new Uint8Array(randomBytes(64)), digest)).toMatch(
      /not a TSTInfo|unreadable/,
    );
  }, 30_000);
});

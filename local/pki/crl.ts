import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { IssuedCert } from './certs.js';

/**
 * The local root CA's CRL (RFC 5280 §5), signed with the root's key: what the local CA server
 * publishes at the CRL Distribution Point written into the seal and TSA certificates. Nothing
 * is revoked locally, so the list is empty; it is issued afresh on each request, valid a week
 * (nextUpdate), with a CRL number and the root's key identifier as validators expect.
 */

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;
const DAY_MS = 24 * 3600 * 1000;
const VALID_DAYS = 7;

export async function buildCrl(root: IssuedCert, now = new Date()): Promise<Uint8Array> {
  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(toAb(root.certDer)).result });
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    toAb(root.keyPkcs8),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const ski = createHash('sha1')
    .update(new Uint8Array(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView))
    .digest();
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1; // v2
  crl.issuer = cert.subject;
  crl.thisUpdate = new pkijs.Time({ type: 0, value: new Date(now.getTime() - 60_000) });
  crl.nextUpdate = new pkijs.Time({
    type: 0,
    value: new Date(now.getTime() + VALID_DAYS * DAY_MS),
  });
  crl.crlExtensions = new pkijs.Extensions({
    extensions: [
      new pkijs.Extension({
        extnID: '2.5.29.35', // authorityKeyIdentifier
        critical: false,
        extnValue: new pkijs.AuthorityKeyIdentifier({
          keyIdentifier: new asn1js.OctetString({ valueHex: toAb(new Uint8Array(ski)) }),
        })
          .toSchema()
          .toBER(false),
      }),
      new pkijs.Extension({
        extnID: '2.5.29.20', // cRLNumber: grows with time, one per second is plenty
        critical: false,
        extnValue: new asn1js.Integer({ value: Math.floor(now.getTime() / 1000) }).toBER(false),
      }),
    ],
  });
  await crl.sign(key as never, 'SHA-256');
  return new Uint8Array(crl.toSchema(true).toBER(false));
}

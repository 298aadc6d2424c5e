import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { KmsKey } from '../functions/signing/seal/signer-kms.js';

/**
 * A PKCS#10 certificate request for a key that signs elsewhere (the seal's KMS key): the
 * public key comes from the key, and the request is signed by the key itself — the proof of
 * possession a CA checks — without the private key ever being here.
 */

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

/** Subject attribute types a seal certificate request may carry, with their OIDs. */
const ATTRIBUTES: Readonly<Record<string, { oid: string; printable?: boolean }>> = {
  C: { oid: '2.5.4.6', printable: true },
  ST: { oid: '2.5.4.8' },
  L: { oid: '2.5.4.7' },
  O: { oid: '2.5.4.10' },
  OU: { oid: '2.5.4.11' },
  CN: { oid: '2.5.4.3' },
  // Chilean CAs ask for the company's RUT here.
  serialNumber: { oid: '2.5.4.5', printable: true },
  organizationIdentifier: { oid: '2.5.4.97' },
};

const SIGNATURE_OID = {
  RSASSA_PKCS1_V1_5_SHA_256: '1.2.840.113549.1.1.11', // sha256WithRSAEncryption
  ECDSA_SHA_256: '1.2.840.10045.4.3.2', // ecdsa-with-SHA256
} as const;

/**
 * "C=CL,O=Sello SpA,CN=Sello - Sello electrónico" → the subject, one attribute per RDN, in the
 * order given. Commas inside a value are not supported (none is needed here).
 */
export function parseSubject(subject: string): pkijs.RelativeDistinguishedNames {
  const rdns = subject
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      const type = part.slice(0, eq).trim();
      const value = part.slice(eq + 1).trim();
      const attribute = ATTRIBUTES[type];
      if (eq < 1 || !attribute || !value) {
        throw new Error(
          `subject part "${part}": use ${Object.keys(ATTRIBUTES).join(', ')} as TYPE=value`,
        );
      }
      const asn1Value = attribute.printable
        ? new asn1js.PrintableString({ value })
        : new asn1js.Utf8String({ value });
      return new asn1js.Set({
        value: [
          new pkijs.AttributeTypeAndValue({ type: attribute.oid, value: asn1Value }).toSchema(),
        ],
      });
    });
  if (rdns.length === 0) throw new Error('the subject is empty');
  const der = new asn1js.Sequence({ value: rdns }).toBER(false);
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(der).result });
}

/** The PKCS#10 request (DER) for `key`, with the given subject. */
export async function buildCsr(
  key: Pick<KmsKey, 'publicKey' | 'algorithm' | 'sign'>,
  subject: string,
): Promise<Uint8Array> {
  const csr = new pkijs.CertificationRequest();
  csr.version = 0;
  csr.subject = parseSubject(subject);
  csr.subjectPublicKeyInfo = new pkijs.PublicKeyInfo({
    schema: asn1js.fromBER(toAb(key.publicKey)).result,
  });
  const rsa = key.algorithm === 'RSASSA_PKCS1_V1_5_SHA_256';
  csr.signatureAlgorithm = new pkijs.AlgorithmIdentifier({
    algorithmId: SIGNATURE_OID[key.algorithm],
    // RSA names its parameters as NULL; ECDSA with SHA-256 has none (RFC 5758 §3.2).
    ...(rsa ? { algorithmParams: new asn1js.Null() } : {}),
  });
  // pkijs's own sign() takes a CryptoKey; the key is in KMS, so the request info is encoded
  // the way sign() encodes it (encodeTBS, protected in the typings) and signed there.
  const info = (csr as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS();
  csr.tbsView = new Uint8Array(info.toBER());
  const signature = await key.sign(csr.tbsView);
  csr.signatureValue = new asn1js.BitString({ valueHex: toAb(signature) });
  return new Uint8Array(csr.toSchema().toBER(false));
}

export function csrPem(der: Uint8Array): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
}

import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificateOf, importSignerKey } from './certificates.js';

/**
 * What the emulated provider signs with a signer's certificate: a PDF (PAdES, an incremental
 * update, so earlier signatures stay valid) and a bare SHA-256 hash (a detached CMS, as
 * FirmaGob-like APIs answer). Real signatures: `pdfsig` and openssl verify them against the
 * emulated provider's CA.
 */
export interface SignerMaterial {
  certDer: Uint8Array;
  keyPkcs8: Uint8Array;
  caDer: Uint8Array;
}

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

export async function signPdf(
  pdfBytes: Uint8Array,
  material: SignerMaterial,
  meta: { fieldName: string; reason: string; tsaUrl?: string },
): Promise<Uint8Array> {
  const { PDF, HttpTimestampAuthority } = await import('@libpdf/core');
  const key = await importSignerKey(material.keyPkcs8);
  const pdf = await PDF.load(pdfBytes);
  const result = await pdf.sign({
    signer: {
      certificate: material.certDer,
      certificateChain: [material.caDer],
      keyType: 'RSA',
      signatureAlgorithm: 'RSASSA-PKCS1-v1_5',
      async sign(data, algorithm) {
        if (algorithm !== 'SHA-256') throw new Error(`SHA-256 only, not ${algorithm}`);
        return new Uint8Array(await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', key, toAb(data)));
      },
    },
    fieldName: meta.fieldName,
    reason: meta.reason,
    location: 'Chile',
    ...(meta.tsaUrl
      ? { level: 'B-T' as const, timestampAuthority: new HttpTimestampAuthority(meta.tsaUrl) }
      : { level: 'B-B' as const }),
    estimatedSize: 16_384,
  });
  return result.bytes;
}

/** A detached CMS SignedData over a SHA-256 digest (signed attributes carry the digest). */
export async function signHash(digest: Uint8Array, material: SignerMaterial): Promise<Uint8Array> {
  const key = await importSignerKey(material.keyPkcs8);
  const cert = certificateOf(material.certDer);
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1' }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: cert.issuer,
          serialNumber: cert.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.3', // contentType
              values: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' })],
            }),
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.5', // signingTime
              values: [new asn1js.UTCTime({ valueDate: new Date() })],
            }),
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.4', // messageDigest
              values: [new asn1js.OctetString({ valueHex: toAb(digest) })],
            }),
          ],
        }),
      }),
    ],
    certificates: [cert, certificateOf(material.caDer)],
  });
  await signed.sign(key as never, 0, 'SHA-256');
  return new Uint8Array(
    new pkijs.ContentInfo({
      contentType: pkijs.ContentInfo.SIGNED_DATA,
      content: signed.toSchema(true),
    })
      .toSchema()
      .toBER(false),
  );
}

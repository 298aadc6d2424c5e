import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Checks one PDF signature's CMS (the bytes of its /Contents) against the bytes its /ByteRange
 * covers: the digest first (the signed messageDigest, a document timestamp's messageImprint,
 * or the SHA-1 an adbe.pkcs7.sha1 signature encapsulates), then the signature itself with the
 * certificate the CMS carries.
 *
 * Not checked: whether that certificate chains to a trusted (accredited) CA, its validity
 * period or its revocation. A valid answer means the covered bytes are the ones signed and the
 * signature is mathematically correct for the embedded certificate; anyone can make such a
 * signature with a certificate of their own, so the name is a claim until the chain is checked.
 */

export interface CmsCheck {
  /** What the CMS is, when it could be parsed: a timestamp token or an ordinary signature. */
  kind: 'signature' | 'timestamp' | null;
  signerName: string | null;
  /** signingTime, or a timestamp's genTime, as ISO. */
  signedAt: string | null;
  problem: null | 'digest_mismatch' | 'bad_signature' | 'unreadable';
}

const SIGNED_DATA = '1.2.840.113549.1.7.2';
const ID_DATA = '1.2.840.113549.1.7.1';
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SIGNING_TIME = '1.2.840.113549.1.9.5';

/** Digest algorithms a PDF signature may use, by OID, as node:crypto names them. */
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** An explicit engine over Node's WebCrypto (pkijs's default one is not reliable in Node). */
const engine = new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto as never });

/** A fresh ArrayBuffer of exactly these bytes, one part after the other. */
const toAb = (...parts: Uint8Array[]): ArrayBuffer => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out.buffer;
};

const digest = (oid: string, parts: Uint8Array[]): Uint8Array | null => {
  const name = HASHES[oid];
  if (!name) return null;
  const hash = createHash(name);
  for (const p of parts) hash.update(p);
  return new Uint8Array(hash.digest());
};

const same = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && Buffer.from(a).equals(Buffer.from(b));

/** `parts`: the two byte ranges of the file the signature covers, in order. */
export async function checkCms(der: Uint8Array, parts: Uint8Array[]): Promise<CmsCheck> {
  const cms = parse(der);
  if (!cms) return { kind: null, signerName: null, signedAt: null, problem: 'unreadable' };
  const signerInfo = cms.signerInfos[0] as pkijs.SignerInfo;
  const cert = signerCertificate(cms, signerInfo);
  const timestamp = cms.encapContentInfo.eContentType === TST_INFO;
  const out: CmsCheck = {
    kind: timestamp ? 'timestamp' : 'signature',
    signerName: cert ? subjectName(cert) : null,
    signedAt: null,
    problem: null,
  };
  try {
    const tstInfo = timestamp ? tstInfoOf(cms) : null;
    out.signedAt = tstInfo ? tstInfo.genTime.toISOString() : signingTime(signerInfo);
    out.problem = digestProblem(cms, signerInfo, tstInfo, parts);
    if (out.problem) return out;
    // Attached content (a timestamp's TSTInfo, adbe.pkcs7.sha1's digest) is what is signed; a
    // detached signature signs the covered bytes. pkijs re-checks the digest, then the signature.
    const attached = cms.encapContentInfo.eContent !== undefined && !timestamp;
    const result = await cms.verify(
      {
        signer: 0,
        checkChain: false,
        extendedMode: true,
        ...(attached ? {} : { data: toAb(...parts) }),
      },
      engine,
    );
    if (!result.signatureVerified) out.problem = 'bad_signature';
  } catch {
    // pkijs throws when it cannot verify at all (no signer certificate, unknown algorithm,
    // a key WebCrypto refuses): not a signature by the embedded certificate either.
    out.problem = 'bad_signature';
  }
  return out;
}

/** The CMS SignedData with at least one signer, or null when the bytes are not one. */
function parse(der: Uint8Array): pkijs.SignedData | null {
  try {
    // fromBER reads the first element: the zero padding after it is ignored.
    const asn = asn1js.fromBER(toAb(der));
    if (asn.offset === -1) return null;
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== SIGNED_DATA) return null;
    const cms = new pkijs.SignedData({ schema: info.content });
    return cms.signerInfos.length > 0 ? cms : null;
  } catch {
    return null;
  }
}

function tstInfoOf(cms: pkijs.SignedData): pkijs.TSTInfo {
  const content = cms.encapContentInfo.eContent;
  if (!content) throw new Error('a timestamp token without its TSTInfo');
  return pkijs.TSTInfo.fromBER(content.getValue());
}

/** Why the covered bytes are not the ones signed, or null when they are. */
function digestProblem(
  cms: pkijs.SignedData,
  signerInfo: pkijs.SignerInfo,
  tstInfo: pkijs.TSTInfo | null,
  parts: Uint8Array[],
): CmsCheck['problem'] {
  if (tstInfo) {
    const imprint = tstInfo.messageImprint;
    const actual = digest(imprint.hashAlgorithm.algorithmId, parts);
    if (!actual) return 'bad_signature';
    return same(actual, imprint.hashedMessage.valueBlock.valueHexView) ? null : 'digest_mismatch';
  }
  const content = cms.encapContentInfo.eContent;
  if (content && cms.encapContentInfo.eContentType === ID_DATA) {
    // adbe.pkcs7.sha1: the signed content is the SHA-1 of the covered bytes.
    return same(digest('1.3.14.3.2.26', parts), new Uint8Array(content.getValue()))
      ? null
      : 'digest_mismatch';
  }
  if (content) return 'bad_signature';
  // No signed attributes: the signature is over the bytes themselves, and only verifying it
  // can tell (a mismatch then shows as a bad signature).
  if (!signerInfo.signedAttrs) return null;
  const attr = signerInfo.signedAttrs.attributes.find((a) => a.type === MESSAGE_DIGEST);
  const signed = (attr?.values[0] as asn1js.OctetString | undefined)?.valueBlock.valueHexView;
  if (!signed) return 'bad_signature';
  const actual = digest(signerInfo.digestAlgorithm.algorithmId, parts);
  if (!actual) return 'bad_signature';
  return same(actual, signed) ? null : 'digest_mismatch';
}

function signingTime(signerInfo: pkijs.SignerInfo): string | null {
  const attr = signerInfo.signedAttrs?.attributes.find((a) => a.type === SIGNING_TIME);
  const value = attr?.values[0];
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) {
    const date = value.toDate();
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return null;
}

/** The certificate the signer info names (by issuer and serial, or by key identifier). */
function signerCertificate(
  cms: pkijs.SignedData,
  signerInfo: pkijs.SignerInfo,
): pkijs.Certificate | null {
  const certs = (cms.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ??
      null
    );
  }
  // subjectKeyIdentifier: the SHA-1 of the key, as pkijs's verify matches it.
  // pkijs keeps it as the [0] wrapper (constructed) or the OctetString itself.
  const raw = sid as asn1js.BaseBlock & {
    valueBlock: { value?: asn1js.OctetString[]; valueHexView?: Uint8Array };
  };
  const inner = raw.idBlock.isConstructed ? raw.valueBlock.value?.[0]?.valueBlock : raw.valueBlock;
  const keyId = new Uint8Array(inner?.valueHexView ?? []);
  return (
    certs.find((c) =>
      same(
        new Uint8Array(
          createHash('sha1')
            .update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
            .digest(),
        ),
        keyId,
      ),
    ) ?? null
  );
}

const NAME_TYPES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
};

/** The subject's CN, else its O, else the whole subject as `C=…, O=…`. */
function subjectName(cert: pkijs.Certificate): string | null {
  const values = cert.subject.typesAndValues.map((tv) => ({
    type: tv.type,
    value: String((tv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value ?? ''),
  }));
  const pick = (type: string) => values.find((v) => v.type === type && v.value)?.value;
  const name =
    pick('2.5.4.3') ??
    pick('2.5.4.10') ??
    values.map((v) => `${NAME_TYPES[v.type] ?? v.type}=${v.value}`).join(', ');
  return name ? name : null;
}

import * as asn1js from 'asn1js';

/**
 * What the seal checks in a TSA's token before embedding it (@libpdf/core 0.4.2 embeds
 * whatever a TSA answers with status granted): the token is a SignedData over a TSTInfo whose
 * message imprint is the very digest we asked about, and whose time is close to ours. A token
 * over other data, or dated far from now, is a TSA fault: that TSA counts as failed and the
 * fallback is tried; never is such a token sealed in. (The token's signature and chain are
 * what validators check: pdfsig/Adobe against their trust store.)
 */

const MAX_SKEW_MS = 15 * 60_000;

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;
const seq = (b: asn1js.AsnType | undefined): asn1js.BaseBlock[] =>
  b instanceof asn1js.Sequence || b instanceof asn1js.Constructed
    ? (b.valueBlock.value as asn1js.BaseBlock[])
    : [];

/** The problem with `token` for `digest`, or null when it holds. */
export function timestampTokenProblem(
  token: Uint8Array,
  digest: Uint8Array,
  now = new Date(),
): string | null {
  try {
    const contentInfo = seq(asn1js.fromBER(toAb(token)).result);
    const signedData = seq(seq(contentInfo[1])[0]); // [0] EXPLICIT SignedData
    const encap = seq(signedData[2]); // version, digestAlgorithms, encapContentInfo
    const eContentType = encap[0] as asn1js.ObjectIdentifier;
    if (eContentType?.valueBlock.toString() !== '1.2.840.113549.1.9.16.1.4') return 'not a TSTInfo';
    const octets = seq(encap[1])[0] as asn1js.OctetString; // [0] EXPLICIT OCTET STRING
    const tst = seq(asn1js.fromBER(toAb(new Uint8Array(octets.getValue()))).result);
    const imprint = seq(tst[2]);
    const hashed = new Uint8Array((imprint[1] as asn1js.OctetString).valueBlock.valueHexView);
    if (Buffer.compare(Buffer.from(hashed), Buffer.from(digest)) !== 0) {
      return 'the token timestamps other data (message imprint mismatch)';
    }
    const genTime = (tst[4] as asn1js.GeneralizedTime).toDate();
    if (Math.abs(genTime.getTime() - now.getTime()) > MAX_SKEW_MS) {
      return `the token's time ${genTime.toISOString()} is far from now`;
    }
    return null;
  } catch (err) {
    return `unreadable token (${err instanceof Error ? err.message : String(err)})`;
  }
}

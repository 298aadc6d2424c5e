import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CrlRevocation, ltvProblem, SealRevocationError } from './ltv.js';
import { FallbackTsa, withoutCredentials } from './seal-pdf.js';
import { SealTimestampError } from './types.js';

/**
 * Keeping a sealed PDF verifiable past its TSA certificate's life (PAdES B-LTA, ETSI EN 319
 * 142-1 §5.5): before the certificate of the last document timestamp expires, a new document
 * timestamp is appended over the whole file, after a DSS update with the current chains and
 * CRLs of every signature and timestamp already in it. Incremental: the earlier bytes stay as
 * they are, so the file the customer downloaded is a prefix of the new one and its seal and
 * timestamps still validate.
 */

const TSA_TIMEOUT_MS = 20_000;
const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

export interface ArchiveTsaConfig {
  tsaUrl: string;
  tsaUrlFallback?: string;
}

/** The TSA certificate of a timestamp token: the one its SignerInfo names, else the EKU's. */
function tsaCertificate(token: pkijs.SignedData): pkijs.Certificate | undefined {
  const certs = (token.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const sid = token.signerInfos[0]?.sid;
  const named =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? certs.find((c) => c.serialNumber.isEqual(sid.serialNumber))
      : undefined;
  return (
    named ??
    certs.find((c) =>
      c.extensions?.some((e) =>
        (e.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes?.includes(TIME_STAMPING),
      ),
    ) ??
    certs[0]
  );
}

/**
 * When the TSA certificate of the PDF's LAST document timestamp expires (null when the file
 * has none, or its token carries no certificate): what the re-timestamp job watches.
 */
export function lastDocTimestampExpiry(pdf: Uint8Array): Date | null {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  for (const range of ranges.reverse()) {
    try {
      const start = Number(range[2]);
      const end = Number(range[3]);
      const hex = text.slice(start + 1, end - 1);
      const der = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
      const parsed = asn1js.fromBER(toAb(new Uint8Array(der)));
      const info = new pkijs.ContentInfo({ schema: parsed.result });
      const token = new pkijs.SignedData({ schema: info.content });
      if (token.encapContentInfo.eContentType !== TST_INFO) continue;
      return tsaCertificate(token)?.notAfter.value ?? null;
    } catch {
      // Not a signature's /Contents (a hostile original may carry anything): the next one.
    }
  }
  return null;
}

/**
 * The sealed PDF with a DSS update and a new document timestamp appended. Fails like the seal:
 * SealTimestampError when no TSA answers, SealRevocationError when a chain's revocation data
 * cannot be had (both retryable: the job runs again), never a file without them.
 */
export async function appendArchiveTimestamp(
  sealed: Uint8Array,
  config: ArchiveTsaConfig,
): Promise<Uint8Array> {
  const { PDF, HttpTimestampAuthority } = await import('@libpdf/core');
  const urls = [config.tsaUrl, config.tsaUrlFallback].filter((u): u is string => !!u);
  if (urls.length === 0) throw new SealTimestampError('no TSA URL configured');
  const tsa = new FallbackTsa(
    urls.map((configured) => {
      const { url, headers } = withoutCredentials(configured);
      return { url, tsa: new HttpTimestampAuthority(url, { timeout: TSA_TIMEOUT_MS, headers }) };
    }),
  );
  const revocation = new CrlRevocation();
  const pdf = await PDF.load(sealed);
  const result = await pdf.addArchivalData({
    timestampAuthority: tsa,
    revocationProvider: revocation,
  });
  const problem = ltvProblem(result.warnings, revocation);
  if (problem) throw new SealRevocationError(`no long-term validation data: ${problem}`);
  if (tsa.tokens < 1) throw new SealTimestampError('the archive timestamp carries no token');
  // What was sealed stays byte for byte: the new file only adds revisions after it.
  const out = result.bytes;
  if (out.length <= sealed.length || Buffer.compare(out.subarray(0, sealed.length), sealed) !== 0) {
    throw new Error('the archive timestamp rewrote the sealed bytes instead of appending');
  }
  return out;
}

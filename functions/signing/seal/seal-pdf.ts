import type { DigestAlgorithm, TimestampAuthority } from '@libpdf/core';
import { certifyNextSignature } from './docmdp.js';
import { CrlRevocation, ltvProblem, SealRevocationError } from './ltv.js';
import { libpdfSigner } from './signer.js';
import { timestampTokenProblem } from './timestamp-check.js';
import { type SealCredentials, SealTimestampError } from './types.js';

/**
 * The seal: a PAdES signature (ETSI.CAdES.detached, signing-certificate-v2) with the platform's
 * certificate, and an RFC 3161 signature timestamp from the TSA — the fallback TSA when the
 * first fails. No timestamp, no seal: a TSA failure throws SealTimestampError and nothing is
 * returned (never a seal with a local clock reading passed off as a timestamp).
 */

const TSA_TIMEOUT_MS = 20_000;

/** Tries each TSA URL in turn; remembers whether any token was actually obtained. */
export class FallbackTsa implements TimestampAuthority {
  tokens = 0;
  readonly failures: string[] = [];
  constructor(private readonly authorities: { url: string; tsa: TimestampAuthority }[]) {}

  async timestamp(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    for (const { url, tsa } of this.authorities) {
      try {
        const token = await tsa.timestamp(digest, algorithm);
        const problem = timestampTokenProblem(token, digest);
        if (problem) throw new Error(problem);
        this.tokens++;
        return token;
      } catch (err) {
        this.failures.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    throw new SealTimestampError(`no timestamp: ${this.failures.join('; ')}`);
  }
}

/**
 * Commercial TSAs usually want HTTP basic auth. The configured URL may carry it
 * (`https://user:pass@tsa.example/tsr`, one secret to store); fetch refuses URLs with
 * credentials, so they move to an Authorization header, and out of every error message.
 */
export function withoutCredentials(configured: string): {
  url: string;
  headers: Record<string, string>;
} {
  const u = new URL(configured);
  if (!u.username && !u.password) return { url: configured, headers: {} };
  const basic = Buffer.from(
    `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`,
  ).toString('base64');
  u.username = '';
  u.password = '';
  return { url: u.toString(), headers: { authorization: `Basic ${basic}` } };
}

export async function sealPdf(
  bytes: Uint8Array,
  creds: SealCredentials,
  meta: { reason: string; location: string; signingTime: Date },
): Promise<Uint8Array> {
  const { PDF, HttpTimestampAuthority } = await import('@libpdf/core');
  const urls = [creds.tsaUrl, creds.tsaUrlFallback].filter((u): u is string => !!u);
  if (urls.length === 0) throw new SealTimestampError('no TSA URL configured');
  const tsa = new FallbackTsa(
    urls.map((configured) => {
      const { url, headers } = withoutCredentials(configured);
      return { url, tsa: new HttpTimestampAuthority(url, { timeout: TSA_TIMEOUT_MS, headers }) };
    }),
  );
  const pdf = await PDF.load(bytes);
  // A certification signature (DocMDP P=2): later signatures and form filling keep it.
  await certifyNextSignature(pdf, 'Sello', 2);
  // PAdES B-LTA: the signature timestamp, then a DSS with the seal's and the TSA's chains and
  // their CRLs, then a document timestamp (/DocTimeStamp) over all of it, and its own DSS.
  const revocation = new CrlRevocation();
  let signed: Uint8Array;
  try {
    const result = await pdf.sign({
      signer: libpdfSigner(creds.signer),
      level: 'B-LTA',
      revocationProvider: revocation,
      timestampAuthority: tsa,
      reason: meta.reason,
      location: meta.location,
      signingTime: meta.signingTime,
      fieldName: 'Sello',
      estimatedSize: 24_576,
    });
    signed = result.bytes;
    // Without its chain and revocation data the seal is no long-term evidence: retry later.
    const problem = ltvProblem(result.warnings, revocation);
    if (problem) throw new SealRevocationError(`no long-term validation data: ${problem}`);
  } catch (err) {
    if (tsa.tokens === 0 && tsa.failures.length > 0) {
      throw new SealTimestampError(`no timestamp: ${tsa.failures.join('; ')}`, { cause: err });
    }
    throw err;
  }
  // Belt and braces: libpdf must have asked the TSA twice (the signature's timestamp and the
  // document timestamp); a seal without both tokens is never returned.
  if (tsa.tokens < 2) throw new SealTimestampError('the seal lacks a timestamp');
  return signed;
}

import type { RevocationProvider, SignWarning } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Revocation data for the seal's PAdES B-LTA (docs/security.md "Sealed documents"): the CRL of
 * every certificate in the seal's and the TSA's chains, fetched from the CRL Distribution Point
 * the CA wrote into each certificate (production: the CA's own URLs; locally the CA server of
 * local/pki), checked (parsed, issued by the certificate's issuer, current, not listing the
 * certificate) and handed to @libpdf/core, which writes it into the PDF's DSS.
 *
 * @libpdf/core swallows a provider's failure into a warning and seals on without the data. A
 * seal without its revocation data is not long-term evidence, so every failure is recorded
 * here and `ltvProblem` turns it into SealRevocationError: a RETRYABLE failure (a CA that is
 * down or slow comes back; seal-failure.ts treats only input faults as terminal).
 */

/** A CRL fetch's budget: the seal consumer runs within 120 s, TSAs included. */
const CRL_TIMEOUT_MS = 8_000;
const MAX_CRL_BYTES = 10 * 1024 * 1024;

/** The chain's revocation data could not be had or says no: retry later, never seal without. */
export class SealRevocationError extends Error {
  override readonly name = 'SealRevocationError';
}

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;
const derOf = (n: pkijs.RelativeDistinguishedNames) =>
  Buffer.from(n.toSchema().toBER(false)).toString('hex');

function parseCert(der: Uint8Array): pkijs.Certificate {
  return new pkijs.Certificate({ schema: asn1js.fromBER(toAb(der)).result });
}

const subjectCn = (cert: pkijs.Certificate): string =>
  String(
    cert.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value ??
      'sin nombre',
  );

/** The http(s) URLs of the certificate's CRL Distribution Points extension. */
export function crlUrls(cert: pkijs.Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === '2.5.29.31');
  if (!ext) return [];
  const dps = new pkijs.CRLDistributionPoints({
    schema: asn1js.fromBER(toAb(new Uint8Array(ext.extnValue.valueBlock.valueHexView))).result,
  });
  const urls: string[] = [];
  for (const dp of dps.distributionPoints) {
    const names = Array.isArray(dp.distributionPoint) ? dp.distributionPoint : [];
    for (const n of names) {
      if (n.type === 6 && /^https?:\/\//i.test(String(n.value))) urls.push(String(n.value));
    }
  }
  return urls;
}

/** Why `crlDer` does not vouch for `cert` now, or null when it does. */
export function crlProblem(crlDer: Uint8Array, cert: pkijs.Certificate, now: Date): string | null {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = new pkijs.CertificateRevocationList({ schema: asn1js.fromBER(toAb(crlDer)).result });
  } catch {
    return 'not a CRL';
  }
  if (derOf(crl.issuer) !== derOf(cert.issuer))
    return "issued by another CA than the certificate's";
  if (crl.nextUpdate && crl.nextUpdate.value.getTime() < now.getTime()) return 'out of date';
  const serial = Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex');
  const revoked = crl.revokedCertificates?.some(
    (r) => Buffer.from(r.userCertificate.valueBlock.valueHexView).toString('hex') === serial,
  );
  return revoked ? `the certificate ${subjectCn(cert)} is revoked` : null;
}

/**
 * A RevocationProvider over CRL Distribution Points. One per seal: a URL is fetched once (the
 * seal and the TSA certificates usually share their CA's CRL), and after the first failure no
 * further fetch is tried, so a CA that hangs costs one timeout, not one per certificate.
 */
export class CrlRevocation implements RevocationProvider {
  readonly failures: string[] = [];
  private readonly fetched = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly opts: { timeoutMs?: number; now?: () => Date } = {}) {}

  async getCRL(certDer: Uint8Array): Promise<Uint8Array | null> {
    const cert = parseCert(certDer);
    // A trust anchor (self-signed root) is trusted as such: no CA vouches for it.
    if (derOf(cert.subject) === derOf(cert.issuer)) return null;
    if (this.failures.length > 0) return null;
    const urls = crlUrls(cert);
    if (urls.length === 0) {
      this.failures.push(`the certificate ${subjectCn(cert)} names no CRL distribution point`);
      return null;
    }
    const tried: string[] = [];
    for (const url of urls) {
      try {
        const crl = await this.fetchOnce(url);
        const problem = crlProblem(crl, cert, this.opts.now?.() ?? new Date());
        if (!problem) return crl;
        tried.push(`${url}: ${problem}`);
      } catch (err) {
        tried.push(`${url}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    this.failures.push(`CRL of ${subjectCn(cert)}: ${tried.join('; ')}`);
    return null;
  }

  private fetchOnce(url: string): Promise<Uint8Array> {
    let p = this.fetched.get(url);
    if (!p) {
      p = (async () => {
        const res = await fetch(url, {
          headers: { accept: 'application/pkix-crl' },
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? CRL_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = new Uint8Array(await res.arrayBuffer());
        if (body.length === 0 || body.length > MAX_CRL_BYTES) throw new Error('empty or huge CRL');
        return body;
      })();
      this.fetched.set(url, p);
    }
    return p;
  }
}

/**
 * What keeps a signed result from being B-LTA evidence, or null: a revocation failure, or any
 * warning @libpdf/core raised while gathering the chains and revocation data (an incomplete
 * chain, a document timestamp without its validation data...). MDP_VIOLATION only says an
 * earlier certification signature exists; it is not about the evidence.
 */
export function ltvProblem(warnings: SignWarning[], revocation: CrlRevocation): string | null {
  const problems = [
    ...revocation.failures,
    ...warnings.filter((w) => w.code !== 'MDP_VIOLATION').map((w) => `${w.code}: ${w.message}`),
  ];
  return problems.length ? problems.join('; ') : null;
}

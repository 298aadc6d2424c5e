import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalPki } from '../../local/pki/index.js';
import { samplePdf } from './seal-samples.js';

/** The CN of the certificate a test notarized PDF is signed with (the local seal's). */
export const NOTARY_TEST_SIGNER = 'Sello - Sello electronico (local)';

/**
 * A PDF as a notary's office would return it: `pages` pages, signed (PAdES, through
 * @libpdf/core's P12Signer) with the local PKI's seal certificate, standing in for the notary's
 * advanced electronic signature. Unsigned with `signed: false`.
 */
export async function notarizedPdf(opts: { pages?: number; signed?: boolean } = {}) {
  const pdf = await samplePdf(opts.pages ?? 1);
  if (opts.signed === false) return pdf;
  return signedAsNotary(pdf);
}

/**
 * `pdf` signed once more as a notary would sign the sealed document (an incremental update:
 * the seal's own signatures stay valid; its DocMDP P=2 allows a further signature).
 */
export async function signedAsNotary(pdf: Uint8Array): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'sello-notarized-'));
  try {
    const pki = await ensureLocalPki(join(dir, 'pki'));
    const { PDF, P12Signer } = await import('@libpdf/core');
    const doc = await PDF.load(pdf);
    const signer = await P12Signer.create(pki.sealP12, pki.sealP12Password);
    return (await doc.sign({ signer, fieldName: 'Notario' })).bytes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

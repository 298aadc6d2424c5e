import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ext, type IssuedCert, importIssuer, issued, keyUsage, make } from '../pki/certs.js';

/**
 * The emulated accredited provider's certificates: its own CA ("Prestador acreditado emulado
 * (local)"), and one certificate per enrolled signer whose subject carries the signer's RUT as
 * serialNumber (2.5.4.5), as Chilean providers issue them. Local only, trusted nowhere else:
 * `pdfsig` verifies the signatures with this CA, and the verification page names it.
 */
export const PROVIDER_ORG = 'Prestador acreditado emulado (local)';

export async function newProviderCa(): Promise<IssuedCert> {
  const root = await make({ cn: 'FEA Emulada Root CA', org: PROVIDER_ORG }, 3650, [
    ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 })),
    ext('2.5.29.15', true, keyUsage([5, 6])), // keyCertSign, cRLSign
  ]);
  return issued(root);
}

/** A signer's certificate for `days`, with its serial number in hex. */
export async function issueSignerCertificate(
  ca: IssuedCert,
  signer: { rut: string; name: string },
  days = 730,
): Promise<IssuedCert & { serialHex: string; notAfter: Date }> {
  const issuer = await importIssuer(ca);
  const made = await make(
    { cn: signer.name, org: PROVIDER_ORG, serialNumber: signer.rut },
    days,
    [
      ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false })),
      ext('2.5.29.15', true, keyUsage([0, 1])), // digitalSignature, nonRepudiation
    ],
    issuer,
  );
  return {
    ...(await issued(made)),
    serialHex: Buffer.from(made.cert.serialNumber.valueBlock.valueHexView).toString('hex'),
    notAfter: made.cert.notAfter.value,
  };
}

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

/** The signer's private key, for signing (never leaves the emulator, as it would an HSM). */
export function importSignerKey(keyPkcs8: Uint8Array): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', toAb(keyPkcs8), RSA, false, ['sign']);
}

export const certificateOf = (der: Uint8Array) =>
  new pkijs.Certificate({ schema: asn1js.fromBER(toAb(der)).result });

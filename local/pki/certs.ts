import { createHash, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * The local stack's certificates, made in pure JS (pkijs) without openssl: a root CA, the
 * platform's seal certificate (what signs sealed PDFs, as the P12 from Secrets Manager does in
 * AWS) and a TSA certificate (what signs the local TSA's RFC 3161 tokens). Local only: nothing
 * here is trusted outside this machine. (@peculiar/x509 needs a reflect-metadata polyfill that
 * is not installed; pkijs alone does the job.)
 */

const RSA: webcrypto.RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

const DAY_MS = 24 * 3600 * 1000;
const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

/** One certificate with its private key (PKCS#8 DER). */
export interface IssuedCert {
  certDer: Uint8Array;
  keyPkcs8: Uint8Array;
}

export interface LocalPkiMaterial {
  root: IssuedCert;
  seal: IssuedCert;
  tsa: IssuedCert;
}

/** The local CA's published files: its CRL and its own certificate (local/pki/ca-server.ts). */
export const caPaths = { crl: '/root.crl', cert: '/root.crt' } as const;

/** Who a certificate names: C=CL, O=…, CN=… (and serialNumber, the holder's RUT, for a person). */
export interface Subject {
  cn: string;
  org?: string;
  /** X.520 serialNumber (2.5.4.5): Chilean providers put the holder's RUT there. */
  serialNumber?: string;
}

/** The subject as single-valued RDNs (pkijs alone would make one multi-valued RDN). */
function name(subject: Subject | string): pkijs.RelativeDistinguishedNames {
  const {
    cn,
    org = 'Sello (local)',
    serialNumber,
  } = typeof subject === 'string' ? { cn: subject } : subject;
  const rdn = (type: string, value: asn1js.BaseStringBlock) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] });
  const der = new asn1js.Sequence({
    value: [
      rdn('2.5.4.6', new asn1js.PrintableString({ value: 'CL' })),
      rdn('2.5.4.10', new asn1js.Utf8String({ value: org })),
      rdn('2.5.4.3', new asn1js.Utf8String({ value: cn })),
      ...(serialNumber
        ? [rdn('2.5.4.5', new asn1js.PrintableString({ value: serialNumber }))]
        : []),
    ],
  }).toBER(false);
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(der).result });
}

export const ext = (
  extnID: string,
  critical: boolean,
  value: { toSchema(): asn1js.BaseBlock } | asn1js.BaseBlock,
) =>
  new pkijs.Extension({
    extnID,
    critical,
    extnValue: ('toSchema' in value ? value.toSchema() : value).toBER(false),
  });

/** KeyUsage as a DER BIT STRING from bit numbers (0 = digitalSignature … 6 = cRLSign). */
export function keyUsage(bits: number[]): asn1js.BitString {
  let byte = 0;
  for (const b of bits) byte |= 0x80 >> b;
  const unused = 7 - Math.max(...bits);
  return new asn1js.BitString({ valueHex: toAb(new Uint8Array([byte])), unusedBits: unused });
}

/** A certificate being made, with its key pair (kept to issue others). */
export interface Made {
  cert: pkijs.Certificate;
  keys: webcrypto.CryptoKeyPair;
  ski: Uint8Array;
}

export async function make(
  cn: Subject | string,
  days: number,
  extensions: pkijs.Extension[],
  issuer?: Made,
): Promise<Made> {
  const keys = (await webcrypto.subtle.generateKey(RSA, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({
    valueHex: toAb(new Uint8Array([0x01, ...randomBytes(15)])),
  });
  cert.subject = name(cn);
  cert.issuer = issuer ? issuer.cert.subject : name(cn);
  const now = Date.now();
  cert.notBefore.value = new Date(now - DAY_MS);
  cert.notAfter.value = new Date(now + days * DAY_MS);
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);
  const ski = new Uint8Array(
    createHash('sha1')
      .update(new Uint8Array(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView))
      .digest(),
  );
  cert.extensions = [
    ...extensions,
    ext('2.5.29.14', false, new asn1js.OctetString({ valueHex: toAb(ski) })),
    ext(
      '2.5.29.35',
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: toAb(issuer?.ski ?? ski) }),
      }),
    ),
  ];
  await cert.sign((issuer?.keys ?? keys).privateKey, 'SHA-256');
  return { cert, keys, ski };
}

export async function issued(m: Made): Promise<IssuedCert> {
  return {
    certDer: new Uint8Array(m.cert.toSchema(true).toBER(false)),
    keyPkcs8: new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', m.keys.privateKey)),
  };
}

const uri = (value: string) => new pkijs.GeneralName({ type: 6, value });

/**
 * A leaf names where its revocation data and its issuer are published, as a commercial CA's
 * certificates do: the CRL Distribution Point (the seal's B-LTA fetches the CRL from there into
 * the PDF's DSS) and the AIA caIssuers URL (the chain builder fetches the root from there).
 */
export const leaf = (caUrl: string): pkijs.Extension[] => [
  ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false })),
  ext('2.5.29.15', true, keyUsage([0, 1])), // digitalSignature, nonRepudiation
  ext(
    '2.5.29.31',
    false,
    new pkijs.CRLDistributionPoints({
      distributionPoints: [
        new pkijs.DistributionPoint({ distributionPoint: [uri(`${caUrl}${caPaths.crl}`)] }),
      ],
    }),
  ),
  ext(
    '1.3.6.1.5.5.7.1.1',
    false,
    new pkijs.InfoAccess({
      accessDescriptions: [
        new pkijs.AccessDescription({
          accessMethod: '1.3.6.1.5.5.7.48.2', // caIssuers
          accessLocation: uri(`${caUrl}${caPaths.cert}`),
        }),
      ],
    }),
  ),
];

/** The seal and TSA certificates, issued by `root` (also used to re-issue them from a kept root). */
async function leaves(root: Made, caUrl: string): Promise<{ seal: Made; tsa: Made }> {
  const seal = await make('Sello - Sello electronico (local)', 1825, leaf(caUrl), root);
  // RFC 3161 §2.3: the TSA certificate holds exactly one EKU, timeStamping, marked critical.
  const tsa = await make(
    'Sello TSA (local)',
    1825,
    [
      ...leaf(caUrl),
      ext('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.8'] })),
    ],
    root,
  );
  return { seal, tsa };
}

/**
 * Generates a fresh root CA, seal certificate and TSA certificate (three RSA-2048 keys); the
 * leaves point at `caUrl` (the local CA server's origin) for their CRL and issuer.
 */
export async function generateLocalPki(caUrl: string): Promise<LocalPkiMaterial> {
  const root = await make('Sello Local Root CA', 3650, [
    ext('2.5.29.19', true, new pkijs.BasicConstraints({ cA: true, pathLenConstraint: 0 })),
    ext('2.5.29.15', true, keyUsage([5, 6])), // keyCertSign, cRLSign
  ]);
  const { seal, tsa } = await leaves(root, caUrl);
  return { root: await issued(root), seal: await issued(seal), tsa: await issued(tsa) };
}

/**
 * New seal and TSA certificates under an existing root (its certificate and PKCS#8 key): a data
 * folder made before the leaves carried a CRL Distribution Point keeps its root, so what it
 * sealed still chains to the same trust anchor.
 */
export async function reissueLeaves(
  root: IssuedCert,
  caUrl: string,
): Promise<{ seal: IssuedCert; tsa: IssuedCert }> {
  const made = await importIssuer(root);
  const { seal, tsa } = await leaves(made, caUrl);
  return { seal: await issued(seal), tsa: await issued(tsa) };
}

export async function importIssuer(root: IssuedCert): Promise<Made> {
  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(toAb(root.certDer)).result });
  const privateKey = await webcrypto.subtle.importKey('pkcs8', toAb(root.keyPkcs8), RSA, true, [
    'sign',
  ]);
  const publicKey = await webcrypto.subtle.importKey(
    'spki',
    cert.subjectPublicKeyInfo.toSchema().toBER(false),
    RSA,
    true,
    ['verify'],
  );
  const ski = new Uint8Array(
    createHash('sha1')
      .update(new Uint8Array(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView))
      .digest(),
  );
  return { cert, keys: { privateKey, publicKey }, ski };
}

/** DER → PEM with the given label (CERTIFICATE, PRIVATE KEY). */
export function toPem(der: Uint8Array, label: string): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

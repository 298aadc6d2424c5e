import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../ports.js';
import { generateLocalPki, type LocalPkiMaterial, reissueLeaves, toPem } from './certs.js';
import { buildP12 } from './p12.js';

/**
 * The local PKI on disk. `pki.json` is the one source (written once, atomically: two stacks
 * starting at once both generate, one wins, both use the winner's). The PEM/P12 files beside
 * it are copies for people and tools (pdfsig's NSS db, `openssl ts -verify -CAfile`).
 *
 *   {dataDir}/pki.json            everything below, base64
 *   {dataDir}/root-ca.pem         the local root CA certificate (trust anchor)
 *   {dataDir}/seal.p12            seal certificate + key + root, PKCS#12
 *   {dataDir}/seal-p12-password.txt
 *   {dataDir}/seal.pem            the seal certificate
 *   {dataDir}/tsa.pem             the TSA certificate (critical timeStamping EKU)
 *   {dataDir}/tsa-key.pem         the TSA's private key (PKCS#8)
 *
 * The seal and TSA certificates name the local CA server (`caUrl`, a port chosen once per data
 * folder: local/pki/ca-server.ts listens there) as their CRL Distribution Point and issuer URL.
 */
export interface LocalPki {
  dir: string;
  rootCertDer: Uint8Array;
  /** The local root CA as PEM (trust anchor for pdfsig / openssl in tests). */
  rootCertPem: string;
  sealCertDer: Uint8Array;
  sealP12: Uint8Array;
  sealP12Password: string;
  tsaCertDer: Uint8Array;
  tsaKeyPkcs8: Uint8Array;
  /** The root's key (PKCS#8): signs the CRL the local CA server publishes. */
  rootKeyPkcs8: Uint8Array;
  /** Origin of the local CA server (CRL and root certificate), as written in the leaves. */
  caUrl: string;
}

interface PkiFile {
  /** 1: leaves without a CRL Distribution Point (re-issued under the same root on read). */
  version: 1 | 2;
  caUrl?: string;
  rootCert: string;
  rootKey: string;
  sealCert: string;
  sealP12: string;
  sealP12Password: string;
  tsaCert: string;
  tsaKey: string;
}

const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

async function create(m: LocalPkiMaterial, caUrl: string): Promise<PkiFile> {
  const password = randomBytes(18).toString('base64url');
  const p12 = await buildP12(m.seal.keyPkcs8, [m.seal.certDer, m.root.certDer], password);
  return {
    version: 2,
    caUrl,
    rootCert: b64(m.root.certDer),
    rootKey: b64(m.root.keyPkcs8),
    sealCert: b64(m.seal.certDer),
    sealP12: b64(p12),
    sealP12Password: password,
    tsaCert: b64(m.tsa.certDer),
    tsaKey: b64(m.tsa.keyPkcs8),
  };
}

function fromFile(dir: string, f: PkiFile): LocalPki {
  const rootCertDer = unb64(f.rootCert);
  return {
    dir,
    rootCertDer,
    rootCertPem: toPem(rootCertDer, 'CERTIFICATE'),
    sealCertDer: unb64(f.sealCert),
    sealP12: unb64(f.sealP12),
    sealP12Password: f.sealP12Password,
    tsaCertDer: unb64(f.tsaCert),
    tsaKeyPkcs8: unb64(f.tsaKey),
    rootKeyPkcs8: unb64(f.rootKey),
    caUrl: f.caUrl as string,
  };
}

const newCaUrl = async () => `http://127.0.0.1:${await freePort()}`;

/** A version-1 folder: same root, new leaves that name the CA server (written in place). */
async function upgrade(path: string, f: PkiFile): Promise<void> {
  const caUrl = await newCaUrl();
  const root = { certDer: unb64(f.rootCert), keyPkcs8: unb64(f.rootKey) };
  const next = await create({ root, ...(await reissueLeaves(root, caUrl)) }, caUrl);
  writeAtomically(path, next);
}

/**
 * Written whole, never half: a temporary file renamed into place (an upgrade) or linked (a first
 * write: two processes racing both write, the first link wins and both read it).
 */
function writeAtomically(path: string, f: PkiFile, replace = true): void {
  const tmp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(f), { mode: 0o600 });
  try {
    if (replace) renameSync(tmp, path);
    else linkSync(tmp, path); // fails if another process got there first: its file wins
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function writeCopies(pki: LocalPki): void {
  const put = (name: string, data: string | Uint8Array) => {
    const path = join(pki.dir, name);
    writeFileSync(path, data, { mode: 0o600 });
  };
  put('root-ca.pem', pki.rootCertPem);
  put('seal.p12', pki.sealP12);
  put('seal-p12-password.txt', `${pki.sealP12Password}\n`);
  put('seal.pem', toPem(pki.sealCertDer, 'CERTIFICATE'));
  put('tsa.pem', toPem(pki.tsaCertDer, 'CERTIFICATE'));
  put('tsa-key.pem', toPem(pki.tsaKeyPkcs8, 'PRIVATE KEY'));
}

/**
 * The local root CA, seal P12 and TSA certificate in `dataDir`: generated on the first call,
 * read back on later ones (the same certificates across restarts, so sealed files stay
 * verifiable against one local root).
 */
export async function ensureLocalPki(dataDir: string): Promise<LocalPki> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pki.json');
  if (!existsSync(path)) {
    const caUrl = await newCaUrl();
    writeAtomically(path, await create(await generateLocalPki(caUrl), caUrl), false);
  }
  let file = JSON.parse(readFileSync(path, 'utf8')) as PkiFile;
  let fresh = !existsSync(join(dataDir, 'tsa-key.pem'));
  if (file.version === 1 || !file.caUrl) {
    await upgrade(path, file);
    file = JSON.parse(readFileSync(path, 'utf8')) as PkiFile; // a racing upgrade's may have won
    fresh = true;
  }
  const pki = fromFile(dataDir, file);
  if (fresh) writeCopies(pki);
  return pki;
}

/**
 * The seal's configuration for the local stack's environment (what Secrets Manager holds in
 * AWS): the P12 in base64, its password and the local TSA's URL. Read back by
 * `sealCredentialsFrom` (functions/signing/seal/credentials.ts).
 */
export function localSealEnv(pki: LocalPki, tsaUrl: string): Record<string, string> {
  return {
    SEAL_P12: Buffer.from(pki.sealP12).toString('base64'),
    SEAL_P12_PASSWORD: pki.sealP12Password,
    TSA_URL: tsaUrl,
  };
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureLocalPki,
  type LocalCa,
  type LocalPki,
  type LocalTsa,
  startLocalCa,
  startLocalTsa,
} from '../../local/pki/index.js';
import { pdfsigTrusting } from './seal-samples.js';

/**
 * What the seal's tests stand on (functions/signing/seal/*.test.ts): a folder of their own, the
 * local PKI in it, the local TSA and the CA that publishes the CRL (the B-LTA seal fetches it
 * into its DSS) on free loopback ports, and pdfsig trusting the local root.
 */
export interface SealPki {
  dir: string;
  pki: LocalPki;
  tsa: LocalTsa;
  ca: LocalCa;
  /** A path in the folder. */
  path(name: string): string;
  /** Writes bytes into the folder; their path. */
  save(name: string, bytes: Uint8Array): string;
  /** `pdfsig` on a file, trusting the local root CA for signing; its whole output. */
  pdfsig(file: string): string;
  /** Stops the servers and removes the folder. */
  close(): Promise<void>;
}

export async function startSealPki(prefix: string): Promise<SealPki> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = (name: string) => join(dir, name);
  const pki = await ensureLocalPki(path('pki'));
  const tsa = await startLocalTsa({ dataDir: path('pki') });
  const ca = await startLocalCa({ dataDir: path('pki') });
  return {
    dir,
    pki,
    tsa,
    ca,
    path,
    save(name, bytes) {
      writeFileSync(path(name), bytes);
      return path(name);
    },
    pdfsig: pdfsigTrusting(path('pki/root-ca.pem'), path('nss')),
    async close() {
      await tsa.close();
      await ca.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

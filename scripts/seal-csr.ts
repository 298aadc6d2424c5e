import { writeFileSync } from 'node:fs';
import { kmsClient, openKmsKey } from '../functions/signing/seal/signer-kms.js';
import { buildCsr, csrPem } from './csr.js';

/**
 * `npm run seal-csr -- --key <SealKeyArn> --subject "C=CL,O=…,serialNumber=…,CN=…" [--out f]`:
 * the certificate request for the seal's KMS key (README "Seal certificate"). Reads the public
 * key with kms:GetPublicKey and signs the request with kms:Sign, using the caller's AWS
 * credentials — a role the deploy named with `-c sealCsrSignerArn=…`: the key policy lets no
 * one else sign. Writes the PEM to --out (default seal.csr.pem) for the CA.
 */
async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const keyId = option('key');
  const subject = option('subject');
  const out = option('out') ?? 'seal.csr.pem';
  if (!keyId || !subject) {
    console.error(
      'usage: npm run seal-csr -- --key <SealKeyArn> --subject "C=CL,O=…,CN=…" [--out seal.csr.pem]',
    );
    return 2;
  }
  const key = await openKmsKey(kmsClient(), keyId);
  writeFileSync(out, csrPem(await buildCsr(key, subject)));
  console.log(`${out}: certificate request for ${keyId} (${key.algorithm}), subject ${subject}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);

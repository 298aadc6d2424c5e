import { spawnSync } from 'node:child_process';
import {
  constants,
  createHash,
  generateKeyPairSync,
  type KeyObject,
  privateEncrypt,
  verify,
  X509Certificate,
} from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  GetPublicKeyCommand,
  type GetPublicKeyCommandOutput,
  KMSClient,
  SignCommand,
} from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalPki, type LocalTsa, localSealEnv } from '../../../local/pki/index.js';
import { buildCsr, csrPem } from '../../../scripts/csr.js';
import { readCertification } from '../../../test/support/seal-certification.js';
import { type SealPki, startSealPki } from '../../../test/support/seal-pki.js';
import { sampleInput, samplePdf, sampleSigner } from '../../../test/support/seal-samples.js';
import { sealCredentialsFrom, sealDocument } from './index.js';
import type { SealKeySigner } from './signer.js';
import { openKmsKey } from './signer-kms.js';

/**
 * The seal through KMS, end to end except for AWS itself: a real RSA key generated here plays
 * the KMS key (aws-sdk-client-mock answers GetPublicKey with its public half and Sign with its
 * signature over the digest KMS would receive). The CSR the deploy script makes for it is
 * checked and certified with openssl by the local test CA (local/pki's root, whose CRL the
 * local CA server publishes for the B-LTA seal), the chain goes in as SEAL_CERT_CHAIN, and the
 * sealed PDF must validate in poppler's pdfsig against that root, as a certification
 * signature. Also the signer port's contract, for both adapters.
 */

const KEY_ARN = 'arn:aws:kms:sa-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const kms = mockClient(KMSClient);
const client = new KMSClient({ region: 'sa-east-1' });

let fixture: SealPki;
let pki: LocalPki;
let tsa: LocalTsa;
let path: SealPki['path'];
let pdfsig: SealPki['pdfsig'];
let sealKey: { publicKey: KeyObject; privateKey: KeyObject };
let chainPem: string;

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  return `${r.stdout}${r.stderr}`;
};

/** SHA-256 DigestInfo prefix: PKCS#1 v1.5 over a digest is RSA over prefix ‖ digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** What KMS's Sign does with MessageType DIGEST and RSASSA_PKCS1_V1_5_SHA_256. */
const kmsSignDigest = (key: KeyObject, digest: Uint8Array) =>
  new Uint8Array(
    privateEncrypt(
      { key, padding: constants.RSA_PKCS1_PADDING },
      Buffer.concat([SHA256_DIGEST_INFO, digest]),
    ),
  );

const publicKeyAnswer = (
  key: KeyObject,
  over: Partial<GetPublicKeyCommandOutput> = {},
): GetPublicKeyCommandOutput => ({
  $metadata: {},
  KeyId: KEY_ARN,
  KeySpec: 'RSA_2048',
  KeyUsage: 'SIGN_VERIFY',
  SigningAlgorithms: ['RSASSA_PKCS1_V1_5_SHA_256', 'RSASSA_PSS_SHA_256'],
  PublicKey: new Uint8Array(key.export({ type: 'spki', format: 'der' })),
  ...over,
});

/** The fake KMS key: answers for `key`, signs only digests, and only with its algorithm. */
function fakeKms(key: { publicKey: KeyObject; privateKey: KeyObject }) {
  kms.on(GetPublicKeyCommand, { KeyId: KEY_ARN }).resolves(publicKeyAnswer(key.publicKey));
  kms.on(SignCommand).callsFake((input: SignCommand['input']) => {
    if (input.KeyId !== KEY_ARN) throw new Error('NotFoundException');
    if (input.MessageType !== 'DIGEST' || input.SigningAlgorithm !== 'RSASSA_PKCS1_V1_5_SHA_256') {
      throw new Error('InvalidSigningAlgorithm');
    }
    const digest = input.Message as Uint8Array;
    if (digest.length !== 32) throw new Error('ValidationException: not a SHA-256 digest');
    return { KeyId: KEY_ARN, Signature: kmsSignDigest(key.privateKey, digest) };
  });
}

beforeAll(async () => {
  fixture = await startSealPki('sello-kms-');
  ({ pki, tsa, path, pdfsig } = fixture);
  sealKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  fakeKms(sealKey);

  // The test CA: the local root, its key as openssl reads it.
  writeFileSync(path('ca.pem'), pki.rootCertPem);
  writeFileSync(
    path('ca.key'),
    `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pki.rootKeyPkcs8).toString('base64')}\n-----END PRIVATE KEY-----\n`,
  );
  const csr = await buildCsr(
    await openKmsKey(client, KEY_ARN),
    'C=CL,O=Sello SpA,serialNumber=76123456-7,CN=Sello - Sello electrónico (prueba KMS)',
  );
  writeFileSync(path('seal.csr.pem'), csrPem(csr));
  writeFileSync(
    path('leaf.ext'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      // Where the B-LTA seal fetches the CRL and the issuer from, as a commercial CA names them.
      `crlDistributionPoints=URI:${pki.caUrl}/root.crl`,
      `authorityInfoAccess=caIssuers;URI:${pki.caUrl}/root.crt`,
      '',
    ].join('\n'),
  );
  run('openssl', [
    ...['x509', '-req', '-in', path('seal.csr.pem'), '-days', '2', '-sha256'],
    ...['-CA', path('ca.pem'), '-CAkey', path('ca.key'), '-CAcreateserial'],
    ...['-extfile', path('leaf.ext'), '-out', path('seal.pem')],
  ]);
  chainPem = readFileSync(path('seal.pem'), 'utf8') + readFileSync(path('ca.pem'), 'utf8');
}, 60_000);

beforeEach(() => {
  kms.resetHistory();
});

afterAll(async () => {
  kms.restore();
  await fixture?.close();
});

describe('the seal CSR for a KMS key (scripts/seal-csr.ts)', () => {
  it('carries the KMS public key and the subject, signed by that key', () => {
    const req = path('seal.csr.pem');
    expect(run('openssl', ['req', '-in', req, '-noout', '-verify'])).toMatch(/verify OK/);
    const text = run('openssl', ['req', '-in', req, '-noout', '-subject', '-nameopt', 'utf8']);
    expect(text).toContain('CN=Sello - Sello electrónico (prueba KMS)');
    expect(text).toContain('serialNumber=76123456-7');
    const issued = new X509Certificate(readFileSync(path('seal.pem')));
    expect(
      issued.publicKey
        .export({ type: 'spki', format: 'der' })
        .equals(sealKey.publicKey.export({ type: 'spki', format: 'der' })),
    ).toBe(true);
  });

  it('refuses a subject it cannot encode, in words the operator can act on', async () => {
    const key = await openKmsKey(client, KEY_ARN);
    await expect(buildCsr(key, 'CN=Sello,X=1')).rejects.toThrow(/X=1.*TYPE=value/);
  });
});

describe('sealing through KMS', () => {
  it('makes a certification seal pdfsig validates against the CA, signing only digests', async () => {
    const creds = await sealCredentialsFrom(
      { SEAL_KMS_KEY_ID: KEY_ARN, SEAL_CERT_CHAIN: chainPem, TSA_URL: tsa.url },
      { kms: client },
    );
    const result = await sealDocument(
      sampleInput(await samplePdf(1), [sampleSigner('Ana Pérez', 'typed')]),
      creds,
    );
    writeFileSync(path('sealed.pdf'), result.pdf);
    const out = pdfsig(path('sealed.pdf'));
    expect(out).toContain('Signature is Valid.');
    expect(out).toContain('Certificate is Trusted.');
    expect(out).toContain('Sello - Sello electrónico (prueba KMS)');
    expect((await readCertification(result.pdf))?.permissions).toBe(2);
    // The key was used through kms:Sign on digests, never anything else.
    const signs = kms.commandCalls(SignCommand);
    expect(signs.length).toBeGreaterThanOrEqual(1);
    for (const call of signs) expect(call.args[0].input.MessageType).toBe('DIGEST');
  }, 60_000);

  it('refuses a certificate chain that is not for the KMS key', async () => {
    const otherChain = new X509Certificate(pki.sealCertDer).toString();
    await expect(
      sealCredentialsFrom(
        { SEAL_KMS_KEY_ID: KEY_ARN, SEAL_CERT_CHAIN: otherChain, TSA_URL: tsa.url },
        { kms: client },
      ),
    ).rejects.toThrow(/not for KMS key .* public key differs/);
    await expect(
      sealCredentialsFrom(
        { SEAL_KMS_KEY_ID: KEY_ARN, SEAL_CERT_CHAIN: 'no PEM here', TSA_URL: tsa.url },
        { kms: client },
      ),
    ).rejects.toThrow(/SEAL_CERT_CHAIN holds no PEM certificate/);
  });

  it('refuses a KMS key that is not a signing key of a spec the seal supports', async () => {
    const cases: Partial<GetPublicKeyCommandOutput>[] = [
      { KeySpec: 'RSA_2048', KeyUsage: 'ENCRYPT_DECRYPT' },
      { KeySpec: 'ECC_NIST_P384', SigningAlgorithms: ['ECDSA_SHA_384'] },
    ];
    for (const [i, answer] of cases.entries()) {
      const keyId = `${KEY_ARN}-${i}`;
      kms
        .on(GetPublicKeyCommand, { KeyId: keyId })
        .resolves(publicKeyAnswer(sealKey.publicKey, answer));
      await expect(openKmsKey(client, keyId)).rejects.toThrow(/signing key|cannot make a seal/);
    }
  });
});

describe('the signer port, both adapters', () => {
  const adapters: [string, () => Promise<SealKeySigner>][] = [
    [
      'FileKeySigner (local PKCS#12)',
      async () => (await sealCredentialsFrom(localSealEnv(pki, tsa.url))).signer,
    ],
    [
      'KmsSigner',
      async () =>
        (
          await sealCredentialsFrom(
            { SEAL_KMS_KEY_ID: KEY_ARN, SEAL_CERT_CHAIN: chainPem, TSA_URL: tsa.url },
            { kms: client },
          )
        ).signer,
    ],
  ];

  for (const [name, open] of adapters) {
    it(`${name}: leaf first, an RSA algorithm the leaf's key has, signatures it verifies`, async () => {
      const signer = await open();
      expect(signer.chain.length).toBeGreaterThanOrEqual(2);
      const [leaf, issuer] = signer.chain.map((der) => new X509Certificate(der));
      expect(leaf?.checkIssued(issuer as X509Certificate)).toBe(true);
      expect(signer.algorithm).toBe('RSASSA_PKCS1_V1_5_SHA_256');
      const data = new TextEncoder().encode('atributos firmados del CMS');
      const signature = await signer.sign(data);
      const leafKey = (leaf as X509Certificate).publicKey;
      expect(verify('sha256', data, leafKey, signature)).toBe(true);
      const other = createHash('sha256').update('otro').digest();
      expect(verify('sha256', other, leafKey, signature)).toBe(false);
    });
  }
});

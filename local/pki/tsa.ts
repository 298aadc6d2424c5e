import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ensureLocalPki } from './store.js';

/**
 * A small RFC 3161 time-stamp authority for the local stack and tests, in pure JS: it reads a
 * TimeStampReq, answers a TimeStampResp whose token is a CMS SignedData over a TSTInfo, signed
 * by the local TSA certificate with the ESS signing-certificate-v2 attribute (RFC 5816) that
 * openssl and PAdES validators require. In AWS the seal uses a real TSA (TSA_URL).
 */

const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaSha256: '1.2.840.113549.1.1.11',
  signedData: '1.2.840.113549.1.7.2',
  /** The local TSA's policy (a private arc; any OID will do locally). */
  policy: '1.3.6.1.4.1.55555.1.1',
} as const;

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

export interface TsaKeys {
  certDer: Uint8Array;
  keyPkcs8: Uint8Array;
}

function rejection(text: string): Uint8Array {
  const resp = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: text })],
    }),
  });
  return new Uint8Array(resp.toSchema().toBER(false));
}

/** The DER TimeStampResp answering a DER TimeStampReq (a rejection for a malformed one). */
export async function timestampReply(
  reqDer: Uint8Array,
  keys: TsaKeys,
  opts: { lie?: boolean } = {},
): Promise<Uint8Array> {
  const parsed = asn1js.fromBER(toAb(reqDer));
  if (parsed.offset === -1) return rejection('bad request');
  let req: pkijs.TimeStampReq;
  try {
    req = new pkijs.TimeStampReq({ schema: parsed.result });
  } catch {
    return rejection('bad request');
  }
  if (req.reqPolicy && req.reqPolicy !== OID.policy) return rejection('unaccepted policy');

  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(toAb(keys.certDer)).result });
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: OID.policy,
    // A lying TSA (tests only) timestamps other data than it was asked to.
    messageImprint: opts.lie
      ? new pkijs.MessageImprint({
          hashAlgorithm: req.messageImprint.hashAlgorithm,
          hashedMessage: new asn1js.OctetString({ valueHex: toAb(randomBytes(32)) }),
        })
      : req.messageImprint,
    serialNumber: new asn1js.Integer({
      valueHex: toAb(new Uint8Array([0x01, ...randomBytes(15)])),
    }),
    genTime: new Date(),
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(req.nonce ? { nonce: req.nonce } : {}),
    // The authority names itself (RFC 3161 `tsa`, a directoryName): validators and
    // `openssl ts -reply -text` show who timestamped, not "unspecified".
    tsa: new pkijs.GeneralName({ type: 4, value: cert.subject }),
  });
  const tstDer = new Uint8Array(tstInfo.toSchema().toBER(false));

  // ESSCertIDv2 with the default hash (SHA-256, so the algorithm is omitted) and the issuer
  // serial, as RFC 5035 describes.
  const certHash = createHash('sha256').update(keys.certDer).digest();
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: toAb(certHash) }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.Constructed({
                idBlock: { tagClass: 3, tagNumber: 4 },
                value: [cert.issuer.toSchema()],
              }),
            ],
          }),
          cert.serialNumber,
        ],
      }),
    ],
  });
  const signingCertV2 = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [essCertIdV2] })],
  });

  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: toAb(tstDer) }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: cert.issuer,
          serialNumber: cert.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
            }),
            new pkijs.Attribute({
              type: OID.signingTime,
              values: [new asn1js.UTCTime({ valueDate: tstInfo.genTime })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [
                new asn1js.OctetString({
                  valueHex: toAb(createHash('sha256').update(tstDer).digest()),
                }),
              ],
            }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertV2] }),
          ],
        }),
      }),
    ],
    ...(req.certReq ? { certificates: [cert] } : {}),
  });
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    toAb(keys.keyPkcs8),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  await signedData.sign(key as never, 0, 'SHA-256');

  const resp = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({
      contentType: OID.signedData,
      content: signedData.toSchema(true),
    }),
  });
  return new Uint8Array(resp.toSchema().toBER(false));
}

export interface LocalTsa {
  /** The URL to POST application/timestamp-query to. */
  url: string;
  /**
   * 'down': every connection is reset at once (what a dead TSA looks like to the seal);
   * 'lying': answers with tokens over other data (a faulty TSA); 'up': answering again.
   */
  setMode(mode: 'up' | 'down' | 'lying'): void;
  /** Queries answered so far, and the Authorization header of the last one (tests). */
  readonly stats: { answered: number; lastAuthorization: string | undefined };
  close(): Promise<void>;
}

const MAX_QUERY_BYTES = 16 * 1024;

/** Serves the local TSA on 127.0.0.1 (port 0 = any free port), keys from `dataDir`'s PKI. */
export async function startLocalTsa(opts: { dataDir: string; port?: number }): Promise<LocalTsa> {
  const pki = await ensureLocalPki(opts.dataDir);
  const keys = { certDer: pki.tsaCertDer, keyPkcs8: pki.tsaKeyPkcs8 };
  let mode: 'up' | 'down' | 'lying' = 'up';
  const sockets = new Set<Socket>();
  const stats: LocalTsa['stats'] = { answered: 0, lastAuthorization: undefined };

  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_QUERY_BYTES) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      stats.answered++;
      stats.lastAuthorization = req.headers.authorization;
      timestampReply(new Uint8Array(Buffer.concat(chunks)), keys, { lie: mode === 'lying' }).then(
        (body) => {
          res.writeHead(200, {
            'content-type': 'application/timestamp-reply',
            'content-length': body.length,
          });
          res.end(body);
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  server.on('connection', (socket) => {
    if (mode === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    stats,
    setMode(next) {
      mode = next;
      if (mode === 'down') for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SealInput, SealSigner } from '../../functions/signing/seal/index.js';

/**
 * Sample inputs for the seal tests and bench/seal.ts, and a reader of the seal's CMS (the
 * signature value and its RFC 3161 token) so tests can check the timestamp themselves.
 */

export const sha256Hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG from RGBA pixels (8-bit, no filter). */
export function encodePng(
  width: number,
  height: number,
  rgba: Uint8Array,
  channels: 3 | 4 = 4,
): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = channels === 4 ? 6 : 2;
  const raw = Buffer.alloc((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    raw.set(
      rgba.subarray(y * width * channels, (y + 1) * width * channels),
      y * (width * channels + 1) + 1,
    );
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 1 })),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** A drawn-looking signature: a dark-blue scribble on a transparent 320×110 canvas. */
export function scribblePng(seed = 1): Uint8Array {
  const w = 320;
  const h = 110;
  const px = new Uint8Array(w * h * 4);
  for (let x = 10; x < w - 10; x++) {
    const t = x / w;
    const y = Math.round(
      h / 2 + 30 * Math.sin(t * 14 + seed) * Math.cos(t * 5) + 8 * Math.sin(t * 40),
    );
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const yy = y + dy;
        const xx = x + dx;
        if (yy < 0 || yy >= h) continue;
        const i = (yy * w + xx) * 4;
        px.set([20, 40, 115, 255], i);
      }
    }
  }
  return encodePng(w, h, px);
}

/**
 * A PDF of `pages` pages of about `targetBytes` in all: text plus one incompressible noise
 * image per page (what a scanned contract weighs).
 */
export async function samplePdf(pages: number, targetBytes = 0): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const side = targetBytes > 0 ? Math.floor(Math.sqrt(targetBytes / pages / 3)) : 0;
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Contrato de prestación de servicios — página ${i + 1} de ${pages}`, {
      x: 56,
      y: 780,
      size: 14,
      font,
    });
    page.drawText('Cláusula primera: las partes acuerdan lo que sigue (año, señal, pingüino).', {
      x: 56,
      y: 750,
      size: 10,
      font,
    });
    if (side > 0) {
      const image = await doc.embedPng(encodePng(side, side, randomBytes(side * side * 3), 3));
      page.drawImage(image, { x: 56, y: 200, width: 480, height: 480 });
    }
  }
  return doc.save();
}

const UA = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
};

/** A signer; `drawn` ones carry a scribble PNG. */
export function sampleSigner(name: string, method: 'typed' | 'drawn', i = 0): SealSigner {
  return {
    name,
    rut: i % 3 === 2 ? null : `${12 + i}.345.678-5`,
    email: `firmante.${i}@dominio-${i}.cl`,
    signatureType: 'simple',
    method,
    ...(method === 'drawn' ? { imagePng: scribblePng(i) } : { typedName: name }),
    codeSentAt: '2026-11-25T00:20:00.000Z',
    codeVerifiedAt: '2026-11-25T00:25:10.000Z',
    ip: i % 2 ? '2800:150:11f:1234::abcd' : '190.22.33.44',
    userAgent: i % 2 ? UA.iphone : UA.windows,
    signedAt: '2026-11-25T00:28:30.000Z',
  };
}

export function sampleInput(
  original: Uint8Array,
  signers: SealSigner[],
  over: Partial<SealInput> = {},
): SealInput {
  return {
    original,
    originalName: 'Contrato de arriendo — Ñuñoa.pdf',
    originalSha256: sha256Hex(original),
    kind: 'pdf',
    orderNumber: 'ORD-2026-000123',
    auditHead: sha256Hex(new TextEncoder().encode('audit head')),
    verificationCode: 'K7M2Q-9XH4T',
    verifyUrl: 'https://sello.test/verificar/K7M2Q-9XH4T',
    sealedAt: '2026-11-25T00:30:00.000Z',
    signers,
    ...over,
  };
}

const toAb = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

export interface SealCms {
  /** The CMS signature value (what the RFC 3161 token's imprint must hash). */
  signatureValue: Uint8Array;
  /** The signature-time-stamp token (DER ContentInfo), or null. */
  tokenDer: Uint8Array | null;
  tstInfo: pkijs.TSTInfo | null;
}

const TST_INFO = '1.2.840.113549.1.9.16.1.4';

/**
 * The CMS in a /Contents value, without the zero padding after it: its length is read from
 * its DER header (trimming trailing zero bytes would cut a signature that ends in 0x00).
 */
function derOnly(contents: Buffer): Uint8Array {
  if (contents[0] !== 0x30) throw new Error('the /Contents value is not a DER SEQUENCE');
  const first = contents[1] ?? 0;
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const n = first & 0x7f;
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + (contents[2 + i] ?? 0);
    header = 2 + n;
  }
  return new Uint8Array(contents.subarray(0, header + length));
}

/** Every signature dictionary's CMS in file order (each read through its /ByteRange). */
export function signedDatas(
  pdf: Uint8Array,
): { cms: pkijs.SignedData; der: Uint8Array; signedBytes: Uint8Array }[] {
  const text = Buffer.from(pdf).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  return ranges.map((range) => {
    const start = Number(range[2]);
    const end = Number(range[3]);
    const der = derOnly(Buffer.from(text.slice(start + 1, end - 1), 'hex'));
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(toAb(der)).result });
    // What the signature covers: the file minus its /Contents value.
    const [a, b, c, d] = range.slice(1, 5).map(Number) as [number, number, number, number];
    const signedBytes = new Uint8Array(
      Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    );
    return { cms: new pkijs.SignedData({ schema: info.content }), der, signedBytes };
  });
}

const tstInfoOf = (token: pkijs.SignedData): pkijs.TSTInfo =>
  new pkijs.TSTInfo({
    schema: asn1js.fromBER(
      toAb(new Uint8Array((token.encapContentInfo.eContent as asn1js.OctetString).getValue())),
    ).result,
  });

/** The document timestamps (/DocTimeStamp, ETSI.RFC3161) of a PDF, oldest first. */
export function readDocTimestamps(
  pdf: Uint8Array,
): { tokenDer: Uint8Array; tstInfo: pkijs.TSTInfo; signedBytes: Uint8Array }[] {
  return signedDatas(pdf)
    .filter(({ cms }) => cms.encapContentInfo.eContentType === TST_INFO)
    .map(({ cms, der, signedBytes }) => ({ tokenDer: der, tstInfo: tstInfoOf(cms), signedBytes }));
}

/**
 * The CMS of the seal of a PDF (its last signature that is not a document timestamp: a B-LTA
 * seal is followed by one or more /DocTimeStamp), read through its /ByteRange.
 */
export function readSealCms(pdf: Uint8Array): SealCms {
  const sig = signedDatas(pdf)
    .filter(({ cms }) => cms.encapContentInfo.eContentType !== TST_INFO)
    .pop();
  if (!sig) throw new Error('no /ByteRange');
  const signer = sig.cms.signerInfos[0] as pkijs.SignerInfo;
  const attr = signer.unsignedAttrs?.attributes.find(
    (a) => a.type === '1.2.840.113549.1.9.16.2.14',
  );
  if (!attr)
    return {
      signatureValue: new Uint8Array(signer.signature.valueBlock.valueHexView),
      tokenDer: null,
      tstInfo: null,
    };
  const tokenDer = new Uint8Array((attr.values[0] as asn1js.BaseBlock).toBER(false));
  const token = new pkijs.SignedData({
    schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(toAb(tokenDer)).result }).content,
  });
  return {
    signatureValue: new Uint8Array(signer.signature.valueBlock.valueHexView),
    tokenDer,
    tstInfo: tstInfoOf(token),
  };
}

/** What a PDF's Document Security Store (/DSS in the catalog) holds, decoded (DER). */
export interface DssContents {
  certs: Uint8Array[];
  crls: Uint8Array[];
  ocsps: Uint8Array[];
  /** Keys of the /VRI dictionary (upper-case SHA-1 of each signature's /Contents). */
  vri: string[];
}

export async function readDss(pdf: Uint8Array): Promise<DssContents | null> {
  const { PDF, PdfDict, PdfRef, PdfStream } = await import('@libpdf/core');
  const doc = await PDF.load(pdf);
  const resolve = (o: unknown) => (o instanceof PdfRef ? doc.getObject(o) : o);
  const dss = resolve(doc.getCatalog().get('DSS'));
  if (!(dss instanceof PdfDict)) return null;
  const streams = (key: string): Uint8Array[] => {
    const arr = resolve(dss.get(key)) as { length: number; at(i: number): unknown } | undefined;
    const out: Uint8Array[] = [];
    for (let i = 0; i < (arr?.length ?? 0); i++) {
      const s = resolve(arr?.at(i));
      if (s instanceof PdfStream) out.push(s.getDecodedData());
    }
    return out;
  };
  const vri = resolve(dss.get('VRI'));
  return {
    certs: streams('Certs'),
    crls: streams('CRLs'),
    ocsps: streams('OCSPs'),
    vri: vri instanceof PdfDict ? [...vri.keys()].map((k) => k.value) : [],
  };
}

/**
 * An NSS database in `dir` trusting the local root CA for signing, and pdfsig run against it
 * (poppler's pdfsig trusts what its NSS db trusts).
 */
export function pdfsigTrusting(rootCaPem: string, dir: string): (file: string) => string {
  mkdirSync(dir, { recursive: true });
  execFileSync('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  execFileSync('certutil', [
    ...['-A', '-d', `sql:${dir}`, '-n', 'sello-local-root', '-t', 'CT,C,C'],
    ...['-i', rootCaPem],
  ]);
  return (file) => {
    const r = spawnSync('pdfsig', ['-nssdir', `sql:${dir}`, file], { encoding: 'utf8' });
    if (r.error) throw r.error;
    return `${r.stdout}${r.stderr}`;
  };
}

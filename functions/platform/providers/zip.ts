import { inflateRawSync } from 'node:zlib';

/**
 * A minimal ZIP reader (PKWARE APPNOTE): enough to tell a real DOCX from a renamed file and to
 * read its word/document.xml, without a dependency. Reads the central directory from the end
 * record; entries are stored (method 0) or deflated (method 8). ZIP64 archives are not needed
 * for files of at most 10 MB and are treated as unreadable.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

/** Starts with a local file header: "PK\x03\x04". */
export const looksLikeZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

/** The entries of the central directory, or undefined when it cannot be read. */
export function zipEntries(data: Uint8Array): ZipEntry[] | undefined {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < EOCD_MIN) return undefined;
  const lowest = Math.max(0, buf.length - EOCD_MIN - MAX_COMMENT);
  let eocd = -1;
  for (let i = buf.length - EOCD_MIN; i >= lowest; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > eocd) return undefined;
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) return undefined;
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localHeaderOffset = buf.readUInt32LE(p + 42);
    if (p + 46 + nameLength > buf.length) return undefined;
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    entries.push({ name, method, compressedSize, size, localHeaderOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The uncompressed bytes of one entry, or undefined when it is missing, uses another method,
 * or inflates beyond `maxBytes` (a "zip bomb" must not exhaust the function's memory).
 */
export function readZipEntry(
  data: Uint8Array,
  name: string,
  maxBytes = 50 * 1024 * 1024,
): Buffer | undefined {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entry = zipEntries(buf)?.find((e) => e.name === name);
  if (!entry) return undefined;
  const p = entry.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL_SIGNATURE) return undefined;
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) return undefined;
  const raw = buf.subarray(start, end);
  try {
    if (entry.method === 0) return raw.length <= maxBytes ? Buffer.from(raw) : undefined;
    if (entry.method === 8) return inflateRawSync(raw, { maxOutputLength: maxBytes });
  } catch {
    return undefined;
  }
  return undefined;
}

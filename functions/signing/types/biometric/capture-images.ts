/**
 * The three photos of a biometric capture, checked before they go to the provider: a data URL
 * of JPEG or PNG bytes (the contract's pattern), whose bytes really are that format and whose
 * header gives sane dimensions. Nothing is decoded beyond the header, and nothing is kept: the
 * bytes go to the provider and are dropped with the request.
 */
export interface Photo {
  bytes: Uint8Array;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

/** A card or a face smaller than this cannot be compared; larger is no phone's camera. */
export const MIN_SIDE = 240;
export const MAX_SIDE = 4096;

/** The dimensions in a PNG's IHDR (the first chunk, right after the signature). */
function pngSize(b: Uint8Array): { width: number; height: number } | undefined {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || sig.some((v, i) => b[i] !== v)) return undefined;
  if (String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return undefined;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/** The dimensions in a JPEG's first start-of-frame segment (SOF0–SOF15 but DHT, JPG, DAC). */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] as number;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = v.getUint16(i + 2);
    if (length < 2) return undefined;
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof) {
      if (i + 9 > b.length) return undefined;
      return { height: v.getUint16(i + 5), width: v.getUint16(i + 7) };
    }
    // Start of scan before any frame: not a JPEG we can read.
    if (marker === 0xda) return undefined;
    i += 2 + length;
  }
  return undefined;
}

/** A data URL's photo, or undefined when it is not a JPEG or PNG of sane dimensions. */
export function photoOf(dataUrl: string | undefined): Photo | undefined {
  const m = /^data:image\/(jpeg|png);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl ?? '');
  if (!m) return undefined;
  const format = m[1] as 'jpeg' | 'png';
  const bytes = new Uint8Array(Buffer.from(m[2] as string, 'base64'));
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) return undefined;
  const { width, height } = size;
  if (Math.min(width, height) < MIN_SIDE || Math.max(width, height) > MAX_SIDE) return undefined;
  return { bytes, format, width, height };
}

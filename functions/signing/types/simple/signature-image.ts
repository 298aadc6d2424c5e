import { PNG } from 'pngjs';

/**
 * A drawn signature arrives as `data:image/png;base64,…` from the signature pad. It is stamped
 * onto the sealed PDF later, so it is decoded here, whole, and re-encoded: a file whose header
 * looks right but whose data the seal could not draw (a broken chunk, a bad CRC, truncated or
 * corrupt image data, an exotic format) is refused to the signer now instead of sticking the
 * seal later, and what is kept is a plain 8-bit RGBA PNG of our own making, without any
 * ancillary chunk the original carried.
 */
export const MAX_SIGNATURE_BYTES = 150 * 1024;
const MAX_SIDE = 2000;
/** Pixels decoded at most: 2000 × 2000 × 4 bytes = 16 MB, whatever the compressed size. */
const MAX_PIXELS = MAX_SIDE * MAX_SIDE;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The re-encoded PNG of a drawn signature, or undefined when it is refused. */
export function parseSignaturePng(dataUrl: string): Uint8Array | undefined {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  if (!m?.[1]) return undefined;
  const bytes = Buffer.from(m[1], 'base64');
  if (bytes.length < 33 || bytes.length > MAX_SIGNATURE_BYTES) return undefined;
  if (!PNG_MAGIC.every((b, i) => bytes[i] === b)) return undefined;
  // The first chunk must be IHDR with a sane size: checked before anything is inflated.
  const type = bytes.toString('latin1', 12, 16);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (type !== 'IHDR' || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    return undefined;
  }
  if (width * height > MAX_PIXELS) return undefined;
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(bytes, { checkCRC: true });
  } catch {
    return undefined;
  }
  if (decoded.width !== width || decoded.height !== height) return undefined;
  if (decoded.data.length !== width * height * 4) return undefined;
  try {
    return new Uint8Array(
      PNG.sync.write(decoded, { colorType: 6, inputColorType: 6, inputHasAlpha: true }),
    );
  } catch {
    return undefined;
  }
}

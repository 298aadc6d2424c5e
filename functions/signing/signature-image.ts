/**
 * A drawn signature arrives as `data:image/png;base64,…` from the signature pad. Only a real,
 * small PNG is kept: it is stamped onto the sealed PDF later, so anything else is refused here.
 */
export const MAX_SIGNATURE_BYTES = 150 * 1024;
const MAX_SIDE = 2000;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function parseSignaturePng(dataUrl: string): Uint8Array | undefined {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl.trim());
  if (!m?.[1]) return undefined;
  const bytes = new Uint8Array(Buffer.from(m[1], 'base64'));
  if (bytes.length < 33 || bytes.length > MAX_SIGNATURE_BYTES) return undefined;
  if (!PNG_MAGIC.every((b, i) => bytes[i] === b)) return undefined;
  // The first chunk must be IHDR with a sane size.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.slice(12, 16));
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (type !== 'IHDR' || width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
    return undefined;
  }
  return bytes;
}

import { PDFDocument } from '@cantoo/pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseSignaturePng } from './signature-image.js';

// A 1×1 transparent PNG.
const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const url = (b: Buffer | string) =>
  `data:image/png;base64,${typeof b === 'string' ? b : b.toString('base64')}`;

/** A 40×20 grey-scale PNG: another colour type than the pad's RGBA. */
function grey(): Buffer {
  const png = new PNG({ width: 40, height: 20, colorType: 0, inputColorType: 6 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([i % 255, i % 255, i % 255, 255], i);
  return PNG.sync.write(png, { colorType: 0 });
}

describe('parseSignaturePng', () => {
  it('keeps a real PNG, re-encoded as 8-bit RGBA that the seal can draw', async () => {
    const out = parseSignaturePng(url(PNG_1x1));
    expect(out?.length).toBeGreaterThan(33);
    const again = PNG.sync.read(Buffer.from(out as Uint8Array));
    expect([again.width, again.height]).toEqual([1, 1]);
    // The seal's library draws it.
    const doc = await PDFDocument.create();
    await expect(doc.embedPng(out as Uint8Array)).resolves.toBeTruthy();
  });

  it('re-encodes other colour types to RGBA with the same pixels', () => {
    const out = parseSignaturePng(url(grey()));
    const back = PNG.sync.read(Buffer.from(out as Uint8Array));
    expect([back.width, back.height]).toEqual([40, 20]);
    expect(out?.[25]).toBe(6); // IHDR colour type: RGBA
    expect(back.data[4 * 7]).toBe((4 * 7) % 255);
  });

  it('refuses other types, bad base64, fake magic and huge sizes', () => {
    expect(parseSignaturePng(`data:image/svg+xml;base64,${PNG_1x1}`)).toBeUndefined();
    expect(parseSignaturePng('data:image/png;base64,@@@')).toBeUndefined();
    const html = Buffer.from('<html>'.repeat(20)).toString('base64');
    expect(parseSignaturePng(url(html))).toBeUndefined();
    const big = Buffer.from(PNG_1x1, 'base64');
    big.writeUInt32BE(100_000, 16);
    expect(parseSignaturePng(url(big))).toBeUndefined();
    const long = 'A'.repeat(220_000);
    expect(parseSignaturePng(url(long))).toBeUndefined();
  });

  it('refuses a PNG whose header is right but whose data is not (checked by decoding it)', () => {
    const good = Buffer.from(PNG_1x1, 'base64');
    // A flipped byte inside IDAT's compressed data (CRC left as it was).
    const corrupt = Buffer.from(good);
    const at = good.indexOf('IDAT') + 6;
    corrupt[at] = (corrupt[at] ?? 0) ^ 0xff;
    expect(parseSignaturePng(url(corrupt))).toBeUndefined();
    // Truncated after IHDR: a valid header and nothing to draw.
    expect(parseSignaturePng(url(good.subarray(0, 40)))).toBeUndefined();
    // IHDR claims 50×50 while the data holds one pixel.
    const lying = Buffer.from(good);
    lying.writeUInt32BE(50, 16);
    lying.writeUInt32BE(50, 20);
    expect(parseSignaturePng(url(lying))).toBeUndefined();
  });
});

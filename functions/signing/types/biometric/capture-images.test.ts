import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { photo } from '../../../../test/support/biometric.js';
import { photoOf } from './capture-images.js';

/** A real PNG of the given size (one grey row repeated; CRCs are not checked here). */
function png(width: number, height: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** A JPEG head of the given size (test/support/biometric.ts, as the other tests post them). */
const jpeg = (width: number, height: number) => photo(width, height).dataUrl;

describe('a photo of the biometric capture', () => {
  it('reads the size of a JPEG and of a PNG', () => {
    expect(photoOf(jpeg(1280, 720))).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    expect(photoOf(png(320, 240))).toMatchObject({ format: 'png', width: 320, height: 240 });
  });

  it('refuses bytes that are not the format the data URL names', () => {
    const text = `data:image/jpeg;base64,${Buffer.from('not a picture, just text').toString('base64')}`;
    expect(photoOf(text)).toBeUndefined();
    expect(photoOf(jpeg(640, 480).replace('image/jpeg', 'image/png'))).toBeUndefined();
    expect(photoOf('data:image/gif;base64,R0lGODlhAQABAAAAACw=')).toBeUndefined();
    expect(photoOf(undefined)).toBeUndefined();
  });

  it('refuses a picture too small to compare or larger than any camera', () => {
    expect(photoOf(jpeg(200, 150))).toBeUndefined();
    expect(photoOf(png(239, 400))).toBeUndefined();
    expect(photoOf(jpeg(5000, 3000))).toBeUndefined();
    expect(photoOf(jpeg(4096, 240))).toBeDefined();
  });
});

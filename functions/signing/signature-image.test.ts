import { describe, expect, it } from 'vitest';
import { parseSignaturePng } from './signature-image.js';

// A 1×1 transparent PNG.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('parseSignaturePng', () => {
  it('keeps a real PNG', () => {
    expect(parseSignaturePng(`data:image/png;base64,${PNG}`)?.length).toBeGreaterThan(33);
  });

  it('refuses other types, bad base64, fake magic and huge sizes', () => {
    expect(parseSignaturePng(`data:image/svg+xml;base64,${PNG}`)).toBeUndefined();
    expect(parseSignaturePng('data:image/png;base64,@@@')).toBeUndefined();
    const html = Buffer.from('<html>'.repeat(20)).toString('base64');
    expect(parseSignaturePng(`data:image/png;base64,${html}`)).toBeUndefined();
    const big = Buffer.from(PNG, 'base64');
    big.writeUInt32BE(100_000, 16);
    expect(parseSignaturePng(`data:image/png;base64,${big.toString('base64')}`)).toBeUndefined();
    const long = 'A'.repeat(220_000);
    expect(parseSignaturePng(`data:image/png;base64,${long}`)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { deviceSummary, maskEmail, santiagoStamp } from './format.js';

describe('santiagoStamp', () => {
  it('prints Santiago wall time with its offset, summer and winter', () => {
    expect(santiagoStamp('2026-11-25T00:28:30Z')).toBe('24-11-2026 21:28 (UTC−03:00)');
    expect(santiagoStamp('2026-07-01T12:05:00Z')).toBe('01-07-2026 08:05 (UTC−04:00)');
  });
  it('prints a dash for a missing or bad instant', () => {
    expect(santiagoStamp(undefined)).toBe('—');
    expect(santiagoStamp('not a date')).toBe('—');
  });
});

describe('maskEmail', () => {
  it('keeps the first letters and the top-level domain only', () => {
    expect(maskEmail('juan.perez@dominio.cl')).toBe('j***@d***.cl');
    expect(maskEmail('ana@correo.empresa.com')).toBe('a***@c***.com');
    expect(maskEmail('ñandu@sitio')).toBe('ñ***@s***');
    expect(maskEmail('sin-arroba')).toBe('***');
  });
});

describe('deviceSummary', () => {
  it('names browser, version and system', () => {
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 en Windows');
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 en iPhone');
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      ),
    ).toBe('Edge 131 en Windows');
    expect(
      deviceSummary('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox 133 en Linux');
  });
  it('falls back to the start of an unknown agent', () => {
    expect(deviceSummary('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceSummary('x'.repeat(100))).toHaveLength(60);
    expect(deviceSummary('')).toBe('—');
  });
});

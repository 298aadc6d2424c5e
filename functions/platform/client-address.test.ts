import { describe, expect, it } from 'vitest';
import { clientLimitKey, viewerIp } from './client-address.js';

describe('the viewer address CloudFront sends', () => {
  it('is the IP without its port, IPv4 and IPv6 alike', () => {
    expect(viewerIp('198.51.100.10:46532', '10.0.0.1')).toBe('198.51.100.10');
    expect(viewerIp('2001:db8:85a3:8d3:1319:8a2e:370:7348:46532', 'x')).toBe(
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
    );
    expect(viewerIp('2001:DB8::1:443', 'x')).toBe('2001:db8::1');
    expect(viewerIp('[2001:db8::1]:443', 'x')).toBe('2001:db8::1');
  });

  it("falls back to API Gateway's address when the header is missing or not an address", () => {
    expect(viewerIp(undefined, '203.0.113.9')).toBe('203.0.113.9');
    expect(viewerIp('', '203.0.113.9')).toBe('203.0.113.9');
    expect(viewerIp('not-an-ip:80', '203.0.113.9')).toBe('203.0.113.9');
    expect(viewerIp('<script>:1', '203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('the key a per-client limit counts', () => {
  it('is an IPv4 address itself, and an IPv6 address by its /64', () => {
    expect(clientLimitKey('198.51.100.10')).toBe('198.51.100.10');
    expect(clientLimitKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(clientLimitKey('2001:db8:85a3:8d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(clientLimitKey('2001:0db8:0000:0000:ffff::2')).toBe('2001:db8:0:0::/64');
    expect(clientLimitKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientLimitKey('unknown')).toBe('unknown');
  });
});

/**
 * Who is calling: behind CloudFront, API Gateway's `sourceIp` is the CloudFront edge's address,
 * shared by everyone near that edge. CloudFront sends the viewer's own address and port in
 * `CloudFront-Viewer-Address` ("198.51.100.10:46532", "2001:db8::1:46532"; the origin request
 * policy forwards it, lib/web.ts), and the origin guard has already proven the request came
 * through CloudFront, which sets the header itself. That address is what the per-client limits
 * count and what the audit trail records; without the header (a direct test call) API Gateway's
 * own `sourceIp` stands in.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}$/;

/** The viewer's IP (without its port) from the header, else `fallback`. */
export function viewerIp(header: string | undefined, fallback: string): string {
  const value = header?.trim();
  if (!value) return fallback;
  const cut = value.lastIndexOf(':');
  if (cut <= 0) return fallback;
  const ip = value.slice(0, cut).replace(/^\[|\]$/g, '');
  if (IPV4.test(ip)) return ip;
  return isIpv6(ip) ? ip.toLowerCase() : fallback;
}

function isIpv6(ip: string): boolean {
  return /^[0-9a-f:.]+$/i.test(ip) && ip.includes(':') && expandIpv6(ip) !== undefined;
}

/** The eight hextets of an IPv6 address, or undefined when it is not one. */
function expandIpv6(ip: string): string[] | undefined {
  let text = ip.toLowerCase();
  // An IPv4 tail (::ffff:192.0.2.1) becomes two hextets.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return undefined;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...tail];
  if (all.length !== 8 || all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return undefined;
  return all.map((h) => h.replace(/^0+(?=.)/, ''));
}

/**
 * The key a per-client limit counts: an IPv4 address as it is; an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single addresses would let one client
 * rotate through 2^64 of them); an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientLimitKey(ip: string): string {
  if (IPV4.test(ip) || !ip.includes(':')) return ip;
  const hextets = expandIpv6(ip);
  if (!hextets) return ip;
  if (hextets.slice(0, 5).every((h) => h === '0') && hextets[5] === 'ffff') {
    const n = (h: string) => Number.parseInt(h, 16);
    const [hi, lo] = [n(hextets[6] ?? '0'), n(hextets[7] ?? '0')];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${hextets.slice(0, 4).join(':')}::/64`;
}

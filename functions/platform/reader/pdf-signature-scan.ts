/**
 * Finds the signature dictionaries of a PDF in its raw bytes, without a PDF parser: each
 * `/ByteRange [a b c d]` array, the /Contents hex string that must fill the hole it leaves, and
 * the /SubFilter and /M of the same dictionary. A signature dictionary is never inside a
 * compressed object stream (its /Contents is written after the rest of the file), so the raw
 * bytes are where a validator must look; reading them this way also trusts nothing the file's
 * cross-reference tables claim.
 *
 * The bytes are untrusted: every offset is bounds-checked, and a malformed dictionary is
 * reported with problem 'byte_range' instead of throwing.
 */

export const SCAN_LIMITS = {
  /** Signature dictionaries examined (a real notarized PDF has a handful). */
  maxSignatures: 20,
  /** Hex digits of one /Contents (512 KB: a CMS with a long chain and revocation data fits). */
  maxContentsHex: 512 * 1024,
  /** How far from /ByteRange the rest of its dictionary (/SubFilter, /M, /Contents) may be. */
  dictWindow: 8 * 1024,
} as const;

export interface FoundSignature {
  /** [offset1, length1, offset2, length2] as written, or null when not four integers. */
  byteRange: [number, number, number, number] | null;
  /** The CMS bytes of /Contents (zero padding included), or null when the range is unusable. */
  contents: Uint8Array | null;
  /** Set when the range or the hole is unusable; contents is then null. */
  problem: 'byte_range' | 'unreadable' | null;
  subFilter: string | null;
  /** The dictionary's /M as an ISO date, when present and well-formed. */
  m: string | null;
}

const BYTE_RANGE = /\/ByteRange\s*\[([^\]]{0,200})\]/g;

/**
 * Every signature dictionary found, in file order; past SCAN_LIMITS.maxSignatures, the LAST
 * ones (the newest revisions, where a notary's own signature is): fake dictionaries put before
 * it cannot push it out of the list.
 */
export function findSignatures(bytes: Uint8Array): FoundSignature[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const matches = [...text.matchAll(BYTE_RANGE)].map((m) => ({
    at: m.index,
    length: m[0].length,
    array: m[1] as string,
    key: (m[1] as string).trim().replace(/\s+/g, ' '),
  }));
  // The distinct ranges kept: the last maxSignatures of them, by their last appearance.
  const kept = new Set<string>();
  for (let i = matches.length - 1; i >= 0 && kept.size < SCAN_LIMITS.maxSignatures; i--) {
    kept.add((matches[i] as (typeof matches)[number]).key);
  }
  // One entry per distinct range: an incremental update may repeat an unchanged dictionary,
  // and the copy whose own /Contents fills the hole is the one that counts.
  const byRange = new Map<string, FoundSignature>();
  for (const m of matches) {
    if (!kept.has(m.key)) continue;
    const found = readOne(text, m.at, m.length, m.array);
    const seen = byRange.get(m.key);
    if (!seen) {
      byRange.set(m.key, found);
    } else if (seen.problem === 'byte_range' && found.problem !== 'byte_range') {
      byRange.set(m.key, found);
    }
  }
  return [...byRange.values()];
}

function readOne(text: string, at: number, length: number, array: string): FoundSignature {
  const byteRange = parseRange(array);
  const dict = dictionaryText(text, at, length, byteRange);
  const base = { byteRange, subFilter: subFilterOf(dict), m: pdfDate(dict) };
  if (!byteRange) return { ...base, contents: null, problem: 'byte_range' };
  const [a, b, c, d] = byteRange;
  const holeStart = a + b;
  // The signed part must start at the file's first byte (or a prefix could be swapped), and
  // both parts must lie in the file around a hole of at least '<>'.
  if (a !== 0 || b <= 0 || c < holeStart + 2 || d < 0 || c + d > text.length) {
    return { ...base, contents: null, problem: 'byte_range' };
  }
  // The hole must be exactly this dictionary's /Contents string: '<', hex digits, '>', right
  // after the /Contents key, near the /ByteRange read above (not some other object's bytes).
  const near =
    at < holeStart
      ? holeStart - (at + length) <= SCAN_LIMITS.dictWindow
      : at - c <= SCAN_LIMITS.dictWindow;
  if (
    !near ||
    text[holeStart] !== '<' ||
    text[c - 1] !== '>' ||
    !/\/Contents\s*$/.test(text.slice(Math.max(0, holeStart - 32), holeStart))
  ) {
    return { ...base, contents: null, problem: 'byte_range' };
  }
  if (c - holeStart - 2 > SCAN_LIMITS.maxContentsHex) {
    return { ...base, contents: null, problem: 'unreadable' };
  }
  const hex = text.slice(holeStart + 1, c - 1).replace(/[\t\n\f\r ]/g, '');
  if (!/^[0-9A-Fa-f]*$/.test(hex)) return { ...base, contents: null, problem: 'byte_range' };
  const contents = new Uint8Array(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
  return { ...base, contents, problem: null };
}

function parseRange(array: string): FoundSignature['byteRange'] {
  const parts = array.trim().split(/\s+/);
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,15}$/.test(p))) return null;
  return parts.map(Number) as [number, number, number, number];
}

/**
 * The text of the dictionary around a /ByteRange, without its /Contents value: bounded by the
 * enclosing `obj` … `endobj` and by SCAN_LIMITS.dictWindow either side.
 */
function dictionaryText(
  text: string,
  at: number,
  length: number,
  range: FoundSignature['byteRange'],
): string {
  let from = Math.max(0, at - SCAN_LIMITS.dictWindow);
  let to = Math.min(text.length, at + length + SCAN_LIMITS.dictWindow);
  // Skip the hex string when it is in the window (its digits could spell anything).
  let before = text.slice(from, at);
  let after = text.slice(at, to);
  const holeStart = range ? range[0] + range[1] : 0;
  const holeEnd = range ? range[2] : 0;
  if (range && holeStart < holeEnd && holeEnd <= text.length) {
    if (holeStart >= at + length && holeStart < to) {
      after = text.slice(at, holeStart) + text.slice(holeEnd, holeEnd + SCAN_LIMITS.dictWindow);
    } else if (holeEnd <= at && holeEnd > from) {
      before =
        text.slice(Math.max(0, holeStart - SCAN_LIMITS.dictWindow), holeStart) +
        text.slice(holeEnd, at);
    }
  }
  // From the object's header (or the previous object's end) to its `endobj`.
  from = before.lastIndexOf('obj');
  if (from >= 0) before = before.slice(from);
  to = after.indexOf('endobj');
  if (to >= 0) after = after.slice(0, to);
  return before + after;
}

function subFilterOf(dict: string): string | null {
  return /\/SubFilter\s*\/([A-Za-z0-9.#_+-]{1,64})/.exec(dict)?.[1] ?? null;
}

/** A PDF date (`D:YYYYMMDDHHmmSS+HH'mm'`, every part after the year optional) as ISO. */
export function pdfDate(dict: string): string | null {
  const m =
    /\/M\s*\(\s*(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])(?:(\d{2})'?(\d{2})?'?)?)?\s*\)/.exec(
      dict,
    );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const offset = !sign || sign === 'Z' || sign === 'z' ? 'Z' : `${sign}${oh}:${om}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

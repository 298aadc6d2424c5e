import { constants, inflateSync } from 'node:zlib';

/**
 * A small PDF text extractor for the built-in analyzer: no dependency, no rendering. It reads
 * the file's objects (also those packed in object streams), follows the page tree in order,
 * inflates FlateDecode content streams with node:zlib and interprets the text operators
 * (Tj, TJ, ', ", plus the positioning operators that start a new line). Strings are decoded
 * with the font's ToUnicode CMap when it has one, otherwise as WinAnsi (the standard fonts'
 * encoding). Good enough to read contracts produced by word processors and PDF libraries;
 * scanned documents have no text to read.
 */
export interface PdfText {
  pages: number;
  /** Lines of text, pages separated by a blank line. */
  text: string;
}

/** The bytes are not a PDF this reader can make sense of (no objects, no pages). */
export class PdfReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfReadError';
  }
}

interface PdfObject {
  dict: string;
  /** Raw (still encoded) stream bytes as a latin1 string. */
  stream?: string;
}

type Objects = Map<number, PdfObject>;

const MAX_INFLATED = 64 * 1024 * 1024;
const MAX_PAGES = 5000;

const latin1 = (b: Uint8Array) =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const bytesOf = (s: string) => Buffer.from(s, 'latin1');

// ---------------------------------------------------------------------------------------------
// Objects

function parseObjects(s: string): Objects {
  const objects: Objects = new Map();
  const header = /(\d+)\s+(\d+)\s+obj\b/g;
  for (let m = header.exec(s); m; m = header.exec(s)) {
    const num = Number(m[1]);
    const start = m.index + m[0].length;
    const end = s.indexOf('endobj', start);
    const streamAt = s.indexOf('stream', start);
    if (streamAt >= 0 && (end < 0 || streamAt < end) && !isEndstream(s, streamAt)) {
      const dict = s.slice(start, streamAt);
      let dataStart = streamAt + 6;
      if (s[dataStart] === '\r') dataStart++;
      if (s[dataStart] === '\n') dataStart++;
      const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
      let dataEnd = -1;
      if (declared) {
        const candidate = dataStart + Number(declared[1]);
        if (/^\s*endstream/.test(s.slice(candidate, candidate + 32))) dataEnd = candidate;
      }
      if (dataEnd < 0) {
        const at = s.indexOf('endstream', dataStart);
        if (at < 0) break;
        dataEnd = at;
        // The end-of-line before "endstream" is not part of the data.
        if (s[dataEnd - 1] === '\n') dataEnd--;
        if (s[dataEnd - 1] === '\r') dataEnd--;
      }
      objects.set(num, { dict, stream: s.slice(dataStart, dataEnd) });
      const after = s.indexOf('endobj', dataEnd);
      header.lastIndex = after < 0 ? dataEnd : after + 6;
    } else {
      objects.set(num, { dict: s.slice(start, end < 0 ? s.length : end) });
      if (end >= 0) header.lastIndex = end + 6;
    }
  }
  return objects;
}

/** "stream" found as the tail of "endstream" of an earlier object: not a stream start. */
const isEndstream = (s: string, at: number) => at >= 3 && s.slice(at - 3, at) === 'end';

function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!m) return [];
  return (m[1] as string).match(/\/[A-Za-z0-9]+/g)?.map((f) => f.slice(1)) ?? [];
}

/** The decoded stream as a latin1 string, or undefined for filters this reader does not do. */
function decodeStream(obj: PdfObject): string | undefined {
  if (obj.stream === undefined) return undefined;
  let data = bytesOf(obj.stream);
  for (const filter of filtersOf(obj.dict)) {
    if (filter !== 'FlateDecode' && filter !== 'Fl') return undefined;
    try {
      data = inflateSync(data, { maxOutputLength: MAX_INFLATED });
    } catch {
      try {
        // A stream cut short still yields what was inflated before the cut.
        data = inflateSync(data, {
          finishFlush: constants.Z_SYNC_FLUSH,
          maxOutputLength: MAX_INFLATED,
        });
      } catch {
        return undefined;
      }
    }
  }
  return data.toString('latin1');
}

/** Objects packed in object streams (/Type /ObjStm), added where no direct object exists. */
function unpackObjectStreams(objects: Objects): void {
  for (const obj of [...objects.values()]) {
    if (!/\/Type\s*\/ObjStm\b/.test(obj.dict)) continue;
    const data = decodeStream(obj);
    const n = Number(/\/N\s+(\d+)/.exec(obj.dict)?.[1] ?? 0);
    const first = Number(/\/First\s+(\d+)/.exec(obj.dict)?.[1] ?? 0);
    if (data === undefined || !n || !first) continue;
    const nums = data.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i < n; i++) {
      const num = nums[2 * i];
      const off = nums[2 * i + 1];
      if (num === undefined || off === undefined || Number.isNaN(num) || Number.isNaN(off)) break;
      const next = nums[2 * i + 3];
      const body = data.slice(first + off, next === undefined ? undefined : first + next);
      if (!objects.has(num)) objects.set(num, { dict: body });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Dictionary values

/** The value starting at `i` (after whitespace): a reference, dict, array, name or number. */
function readValueAt(s: string, i: number): { value: string; end: number } | undefined {
  let p = i;
  while (p < s.length && /\s/.test(s[p] as string)) p++;
  const rest = s.slice(p);
  const ref = /^(\d+)\s+(\d+)\s+R\b/.exec(rest);
  let value: string | undefined;
  if (ref) value = ref[0];
  else if (rest.startsWith('<<')) value = balanced(rest, '<<', '>>');
  else if (rest.startsWith('[')) value = balanced(rest, '[', ']');
  else if (rest.startsWith('(')) value = `(${readLiteral(rest, 1).value})`;
  else value = /^(\/[^\s/<>[\]()]+|<[0-9A-Fa-f\s]*>|[-+]?[\d.]+|true|false|null)/.exec(rest)?.[0];
  return value === undefined ? undefined : { value, end: p + value.length };
}

/** The raw text of `/Key`'s value in a dictionary (first occurrence). */
function dictValue(dict: string, key: string): string | undefined {
  const re = new RegExp(`/${key}(?![^\\s/<>\\[\\]()])`, 'g');
  for (let m = re.exec(dict); m; m = re.exec(dict)) {
    const v = readValueAt(dict, m.index + m[0].length);
    if (v) return v.value;
  }
  return undefined;
}

function balanced(s: string, open: string, close: string): string {
  let depth = 0;
  for (let i = 0; i < s.length; ) {
    if (s.startsWith(open, i)) {
      depth++;
      i += open.length;
    } else if (s.startsWith(close, i)) {
      depth--;
      i += close.length;
      if (depth === 0) return s.slice(0, i);
    } else i++;
  }
  return s;
}

const refNum = (value: string | undefined): number | undefined => {
  const m = value ? /^(\d+)\s+\d+\s+R$/.exec(value.trim()) : null;
  return m ? Number(m[1]) : undefined;
};

const refsIn = (value: string | undefined): number[] =>
  [...(value ?? '').matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]));

/** A value that may be a reference to the dictionary it stands for. */
function resolveDict(objects: Objects, value: string | undefined): string | undefined {
  const n = refNum(value);
  if (n !== undefined) return objects.get(n)?.dict;
  return value;
}

/** Top-level /Name → value pairs of an inline dictionary "<< ... >>". */
function entries(dict: string): [string, string][] {
  const inner = dict.trim().replace(/^<</, '').replace(/>>$/, '');
  const out: [string, string][] = [];
  let i = 0;
  while (i < inner.length) {
    const m = /\/([^\s/<>[\]()]+)/y;
    while (i < inner.length && /\s/.test(inner[i] as string)) i++;
    m.lastIndex = i;
    const name = m.exec(inner);
    if (!name) break;
    const v = readValueAt(inner, i + name[0].length);
    if (!v) break;
    out.push([name[1] as string, v.value]);
    i = v.end;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fonts

interface Font {
  /** Code (as a latin1 byte string) → Unicode text, from the ToUnicode CMap. */
  cmap?: Map<string, string>;
  /** Byte lengths of the CMap's codes, longest first. */
  codeLengths?: number[];
  /** A composite font without a ToUnicode map: its codes are glyph ids, not text. */
  unreadable?: boolean;
}

const hexToLatin1 = (hex: string) => {
  const clean = hex.replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(clean.length % 2 ? `${clean}0` : clean, 'hex').toString('latin1');
};

const utf16beHex = (hex: string) => {
  const clean = hex.replace(/[^0-9A-Fa-f]/g, '');
  const buf = Buffer.from(clean.length % 2 ? `${clean}0` : clean, 'hex');
  let out = '';
  for (let i = 0; i + 1 < buf.length; i += 2) out += String.fromCharCode(buf.readUInt16BE(i));
  return out;
};

/** The bfchar/bfrange mappings of a ToUnicode CMap. */
export function parseToUnicode(cmapText: string): { map: Map<string, string>; lengths: number[] } {
  const map = new Map<string, string>();
  const lengths = new Set<number>();
  for (const block of cmapText.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] as string).matchAll(/<([0-9A-Fa-f\s]+)>\s*<([0-9A-Fa-f\s]*)>/g)) {
      const code = hexToLatin1(m[1] as string);
      lengths.add(code.length);
      map.set(code, utf16beHex(m[2] as string));
    }
  }
  for (const block of cmapText.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] as string;
    const re = /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f\s]*>|\[[^\]]*\])/g;
    for (const m of body.matchAll(re)) {
      const lo = Number.parseInt(m[1] as string, 16);
      const hi = Number.parseInt(m[2] as string, 16);
      const width = (m[1] as string).length / 2;
      lengths.add(width);
      const target = m[3] as string;
      const codeOf = (v: number) => hexToLatin1(v.toString(16).padStart(width * 2, '0'));
      if (hi - lo > 0xffff || hi < lo) continue;
      if (target.startsWith('[')) {
        const list = [...target.matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((t) =>
          utf16beHex(t[1] as string),
        );
        list.forEach((text, i) => {
          if (lo + i <= hi) map.set(codeOf(lo + i), text);
        });
      } else {
        const base = utf16beHex(target.slice(1, -1));
        const last = base.charCodeAt(base.length - 1);
        for (let v = lo; v <= hi; v++) {
          map.set(codeOf(v), base.slice(0, -1) + String.fromCharCode(last + (v - lo)));
        }
      }
    }
  }
  return { map, lengths: [...lengths].sort((a, b) => b - a) };
}

function loadFonts(objects: Objects, resources: string | undefined): Map<string, Font> {
  const fonts = new Map<string, Font>();
  const res = resolveDict(objects, resources);
  const fontDict = res ? resolveDict(objects, dictValue(res, 'Font')) : undefined;
  if (!fontDict) return fonts;
  for (const [name, value] of entries(fontDict)) {
    const dict = resolveDict(objects, value) ?? '';
    const toUnicode = refNum(dictValue(dict, 'ToUnicode'));
    const cmapObj = toUnicode !== undefined ? objects.get(toUnicode) : undefined;
    const cmapText = cmapObj ? decodeStream(cmapObj) : undefined;
    if (cmapText) {
      const { map, lengths } = parseToUnicode(cmapText);
      if (map.size) {
        fonts.set(name, { cmap: map, codeLengths: lengths });
        continue;
      }
    }
    fonts.set(name, /\/Subtype\s*\/Type0/.test(dict) ? { unreadable: true } : {});
  }
  return fonts;
}

const winAnsi = new TextDecoder('windows-1252');

function decodeText(bytes: string, font: Font | undefined): string {
  if (font?.unreadable) return '';
  if (font?.cmap && font.codeLengths?.length) {
    let out = '';
    for (let i = 0; i < bytes.length; ) {
      let matched = false;
      for (const len of font.codeLengths) {
        const text = font.cmap.get(bytes.slice(i, i + len));
        if (text !== undefined) {
          out += text;
          i += len;
          matched = true;
          break;
        }
      }
      if (!matched) i += font.codeLengths[font.codeLengths.length - 1] as number;
    }
    return out;
  }
  return winAnsi.decode(bytesOf(bytes));
}

// ---------------------------------------------------------------------------------------------
// Content streams

type Token =
  | { t: 'str'; v: string }
  | { t: 'num'; v: number }
  | { t: 'name'; v: string }
  | { t: 'op'; v: string }
  | { t: 'arr'; v: Token[] };

const WHITE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIM = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);

function readLiteral(s: string, start: number): { value: string; end: number } {
  let depth = 1;
  let out = '';
  let i = start;
  while (i < s.length) {
    const c = s[i] as string;
    if (c === '\\') {
      const n = s[i + 1];
      i += 2;
      if (n === undefined) break;
      const simple: Record<string, string> = {
        n: '\n',
        r: '\r',
        t: '\t',
        b: '\b',
        f: '\f',
        '(': '(',
        ')': ')',
        '\\': '\\',
      };
      if (n in simple) out += simple[n];
      else if (/[0-7]/.test(n)) {
        let oct = n;
        while (oct.length < 3 && /[0-7]/.test(s[i] ?? '')) oct += s[i++];
        out += String.fromCharCode(Number.parseInt(oct, 8) & 0xff);
      } else if (n === '\r') {
        if (s[i] === '\n') i++;
      } else if (n !== '\n') out += n;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) return { value: out, end: i + 1 };
    out += c;
    i++;
  }
  return { value: out, end: i };
}

function tokenize(s: string): Token[] {
  const root: Token[] = [];
  const stack: Token[][] = [root];
  const push = (tok: Token) => (stack[stack.length - 1] as Token[]).push(tok);
  let i = 0;
  while (i < s.length) {
    const c = s[i] as string;
    if (WHITE.has(c)) {
      i++;
    } else if (c === '%') {
      while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
    } else if (c === '(') {
      const { value, end } = readLiteral(s, i + 1);
      push({ t: 'str', v: value });
      i = end;
    } else if (c === '<' && s[i + 1] === '<') {
      push({ t: 'op', v: '<<' });
      i += 2;
    } else if (c === '>' && s[i + 1] === '>') {
      push({ t: 'op', v: '>>' });
      i += 2;
    } else if (c === '<') {
      const end = s.indexOf('>', i);
      const stop = end < 0 ? s.length : end;
      push({ t: 'str', v: hexToLatin1(s.slice(i + 1, stop)) });
      i = stop + 1;
    } else if (c === '[') {
      const arr: Token[] = [];
      push({ t: 'arr', v: arr });
      stack.push(arr);
      i++;
    } else if (c === ']') {
      if (stack.length > 1) stack.pop();
      i++;
    } else if (c === '/') {
      let j = i + 1;
      while (j < s.length && !WHITE.has(s[j] as string) && !DELIM.has(s[j] as string)) j++;
      push({ t: 'name', v: s.slice(i + 1, j) });
      i = j;
    } else {
      let j = i;
      while (j < s.length && !WHITE.has(s[j] as string) && !DELIM.has(s[j] as string)) j++;
      if (j === i) {
        i++;
        continue;
      }
      const word = s.slice(i, j);
      i = j;
      if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(word)) {
        push({ t: 'num', v: Number(word) });
      } else if (word === 'BI') {
        // Inline image: its binary data runs from ID to EI and must not be read as text.
        const id = s.indexOf('ID', i);
        const ei = id < 0 ? -1 : s.slice(id + 3).search(/\sEI(\s|$)/);
        i = ei < 0 ? s.length : id + 3 + ei + 3;
      } else {
        push({ t: 'op', v: word });
      }
    }
  }
  return root;
}

/** The text a page's content streams show, one line per text line. */
function pageText(content: string, fonts: Map<string, Font>): string[] {
  const lines: string[] = [];
  let cur = '';
  let font: Font | undefined;
  let lineY = 0;
  let lastY: number | undefined;
  let gap = false;
  const newline = () => {
    const line = cur.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line);
    cur = '';
    gap = false;
  };
  const moveTo = (y: number) => {
    if (lastY !== undefined && Math.abs(y - lastY) > 0.5) newline();
    else if (cur && !cur.endsWith(' ')) gap = true;
    lastY = y;
  };
  const show = (bytes: string) => {
    const text = decodeText(bytes, font);
    if (!text) return;
    if (gap && cur && !cur.endsWith(' ') && !text.startsWith(' ')) cur += ' ';
    gap = false;
    cur += text;
  };
  let operands: Token[] = [];
  const num = (k: number) => {
    const t = operands[operands.length - k];
    return t?.t === 'num' ? t.v : 0;
  };
  for (const tok of tokenize(content)) {
    if (tok.t !== 'op') {
      operands.push(tok);
      continue;
    }
    switch (tok.v) {
      case 'BT':
        lineY = 0;
        gap = true;
        break;
      case 'Tf': {
        const name = operands[operands.length - 2];
        font = name?.t === 'name' ? fonts.get(name.v) : undefined;
        break;
      }
      case 'Td':
      case 'TD':
        lineY += num(1);
        moveTo(lineY);
        break;
      case 'Tm':
        lineY = num(1);
        moveTo(lineY);
        break;
      case 'T*':
        newline();
        break;
      case 'Tj': {
        const s = operands[operands.length - 1];
        if (s?.t === 'str') show(s.v);
        break;
      }
      case "'":
      case '"': {
        newline();
        const s = operands[operands.length - 1];
        if (s?.t === 'str') show(s.v);
        break;
      }
      case 'TJ': {
        const arr = operands[operands.length - 1];
        if (arr?.t === 'arr') {
          for (const part of arr.v) {
            if (part.t === 'str') show(part.v);
            // A wide negative kern separates words in justified text.
            else if (part.t === 'num' && part.v < -200 && cur && !cur.endsWith(' ')) cur += ' ';
          }
        }
        break;
      }
      default:
        break;
    }
    operands = [];
  }
  newline();
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Pages

interface Page {
  dict: string;
  resources: string | undefined;
}

function pagesInOrder(objects: Objects): Page[] | undefined {
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog\b/.test(o.dict));
  const root = catalog ? refNum(dictValue(catalog.dict, 'Pages')) : undefined;
  if (root === undefined) return undefined;
  const pages: Page[] = [];
  const seen = new Set<number>();
  const walk = (num: number, inherited: string | undefined) => {
    if (seen.has(num) || pages.length >= MAX_PAGES) return;
    seen.add(num);
    const node = objects.get(num);
    if (!node) return;
    const resources = dictValue(node.dict, 'Resources') ?? inherited;
    if (/\/Type\s*\/Pages\b/.test(node.dict)) {
      for (const kid of refsIn(dictValue(node.dict, 'Kids'))) walk(kid, resources);
    } else if (/\/Type\s*\/Page\b/.test(node.dict)) {
      pages.push({ dict: node.dict, resources });
    }
  };
  walk(root, undefined);
  return pages.length ? pages : undefined;
}

/** Reads the text of a PDF. Throws PdfReadError when the bytes are not a readable PDF. */
export function extractPdfText(bytes: Uint8Array): PdfText {
  const s = latin1(bytes);
  if (!s.startsWith('%PDF-')) throw new PdfReadError('not a PDF');
  const objects = parseObjects(s);
  if (objects.size === 0) throw new PdfReadError('no objects');
  unpackObjectStreams(objects);
  const ordered = pagesInOrder(objects);
  if (!ordered) {
    // No usable page tree (a damaged file): count page objects, read no text.
    const count = [...objects.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict)).length;
    if (count === 0) throw new PdfReadError('no pages');
    return { pages: count, text: '' };
  }
  const fontCache = new Map<string, Map<string, Font>>();
  const texts = ordered.map((page) => {
    const key = page.resources ?? '';
    let fonts = fontCache.get(key);
    if (!fonts) {
      fonts = loadFonts(objects, page.resources);
      fontCache.set(key, fonts);
    }
    const contents = dictValue(page.dict, 'Contents');
    const streams = refsIn(contents)
      .map((n) => objects.get(n))
      .flatMap((o) => {
        if (!o) return [];
        // /Contents may point at an array object listing the streams.
        if (o.stream === undefined) return refsIn(o.dict).map((n) => objects.get(n));
        return [o];
      })
      .map((o) => (o ? decodeStream(o) : undefined))
      .filter((c): c is string => c !== undefined);
    return pageText(streams.join('\n'), fonts).join('\n');
  });
  return {
    pages: ordered.length,
    text: texts.filter((t) => t.length > 0).join('\n\n'),
  };
}

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

/**
 * Fonts of the signatures and certificate pages. Names and addresses may hold any script, and
 * the standard PDF fonts only know WinAnsi (Latin-1 plus a few): so the text is drawn with an
 * embedded Liberation Sans (SIL OFL 1.1; shipped inside pdfjs-dist, already a
 * dependency) which adds Latin Extended, Greek and Cyrillic. Whatever a font still lacks (CJK,
 * emoji…) is replaced by its base letter or '?', so no input can make the pipeline throw.
 *
 * Where the TTFs are: `SEAL_FONT_DIR` when set (the Lambda bundle copies the two files there),
 * else pdfjs-dist's `standard_fonts/`. Without them the pages fall back to Helvetica and
 * WinAnsi (ñ and accents still print).
 */

export interface SealFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Hashes and codes (ASCII only). */
  mono: PDFFont;
  /** A typed signature's handwriting-like rendering (WinAnsi only; see `signatureFont`). */
  script: PDFFont;
  /** True when the TTFs were embedded (false: WinAnsi fallback). */
  embedded: boolean;
}

const REGULAR = 'LiberationSans-Regular.ttf';
const BOLD = 'LiberationSans-Bold.ttf';

let cached: { dir: string | null; bytes: { regular: Uint8Array; bold: Uint8Array } | null } | null =
  null;

function fontDir(): string | null {
  const fromEnv = process.env.SEAL_FONT_DIR;
  if (fromEnv !== undefined) return fromEnv || null;
  try {
    const file = createRequire(import.meta.url).resolve(`pdfjs-dist/standard_fonts/${REGULAR}`);
    return file.slice(0, -REGULAR.length);
  } catch {
    return null;
  }
}

function fontBytes(): { regular: Uint8Array; bold: Uint8Array } | null {
  const dir = fontDir();
  if (cached && cached.dir === dir) return cached.bytes;
  let bytes: { regular: Uint8Array; bold: Uint8Array } | null = null;
  if (dir && existsSync(join(dir, REGULAR)) && existsSync(join(dir, BOLD))) {
    bytes = { regular: readFileSync(join(dir, REGULAR)), bold: readFileSync(join(dir, BOLD)) };
  }
  cached = { dir, bytes };
  return bytes;
}

export async function embedSealFonts(doc: PDFDocument): Promise<SealFonts> {
  const { StandardFonts } = await import('@cantoo/pdf-lib');
  const mono = await doc.embedFont(StandardFonts.Courier);
  const script = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const bytes = fontBytes();
  if (bytes) {
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    doc.registerFontkit(fontkit);
    return {
      // Whole fonts (~80 KB each once compressed): @cantoo/pdf-lib 2.11 subsets only with
      // @cantoo/fontkit, which is not installed; with @pdf-lib/fontkit, subsetting throws.
      regular: await doc.embedFont(bytes.regular, { subset: false }),
      bold: await doc.embedFont(bytes.bold, { subset: false }),
      mono,
      script,
      embedded: true,
    };
  }
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono,
    script,
    embedded: false,
  };
}

const charsets = new WeakMap<PDFFont, Set<number>>();

function charset(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

// Look-alikes for characters WinAnsi lacks but names and dates use.
const SUBSTITUTES: Record<string, string> = { '\u2212': '-', '\u2010': '-', '\u2011': '-' };

/**
 * `text` with every character the font cannot draw replaced: by a look-alike, by its base
 * letter (NFD without marks: 'ő' → 'o'), or by '?'. Control characters become spaces.
 */
export function fitText(font: PDFFont, text: string): string {
  const set = charset(font);
  const has = (s: string) => s !== '' && [...s].every((c) => set.has(c.codePointAt(0) as number));
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else if (set.has(cp)) out += ch;
    else {
      const sub = SUBSTITUTES[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += has(sub) ? sub : '?';
    }
  }
  return out;
}

/** True when the font draws every character of `text` as it is. */
export function fitsFont(font: PDFFont, text: string): boolean {
  return fitText(font, text) === text.normalize('NFC');
}

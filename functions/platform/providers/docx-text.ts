import { READ_LIMITS, UnreadableFile } from './read-limits.js';
import { inflateParts, zipParts } from './zip-package.js';

/**
 * The text of a DOCX through mammoth. mammoth unzips with JSZip, which trusts an entry's
 * declared size and would inflate a zip bomb whole, so it never sees the uploaded package:
 * the package's XML parts are inflated here within the byte cap (zip-package.ts) and handed to
 * mammoth as a new, uncompressed package. Pathological XML inside the cap costs time, which
 * the reader child's wall-clock budget bounds (platform/reader/read-in-child.ts).
 */
const DOCX_MAIN_PART = 'word/document.xml';

/** The parts mammoth reads: the XML and relationships; images and fonts stay out. */
const isTextPart = (name: string) => /\.(xml|rels)$/i.test(name);

export async function extractDocxText(bytes: Uint8Array): Promise<string> {
  const parts = await inflateParts(bytes, isTextPart);
  if (!parts[DOCX_MAIN_PART]) throw new UnreadableFile('docx: no main part');
  const mammoth = (await import('mammoth')).default;
  let raw: string;
  try {
    const { value } = await mammoth.extractRawText({
      buffer: Buffer.from(await zipParts(parts)),
    });
    raw = value;
  } catch {
    throw new UnreadableFile('docx: mammoth could not read it');
  }
  return raw
    .slice(0, READ_LIMITS.maxChars)
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

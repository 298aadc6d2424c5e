import { readZipEntry, zipEntries } from './zip.js';

/** The main part of a Word (OOXML) document inside its ZIP package. */
export const DOCX_MAIN_PART = 'word/document.xml';

/** True when the ZIP package has the main part of a Word document. */
export function isDocxPackage(bytes: Uint8Array): boolean {
  return zipEntries(bytes)?.some((e) => e.name === DOCX_MAIN_PART) ?? false;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? whole;
  });
}

/**
 * The text of a DOCX (word/document.xml with the tags stripped): paragraphs and breaks become
 * new lines, tabs become spaces. Undefined when the package has no readable main part.
 */
export function extractDocxText(bytes: Uint8Array): string | undefined {
  const xml = readZipEntry(bytes, DOCX_MAIN_PART)?.toString('utf8');
  if (xml === undefined) return undefined;
  const text = xml
    // Deleted revisions are not part of the document's text.
    .replace(/<w:del\b[\s\S]*?<\/w:del>/g, '')
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<w:(br|cr)\b[^>]*\/>/g, '\n')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

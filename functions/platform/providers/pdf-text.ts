import { READ_LIMITS, UnreadableFile } from './read-limits.js';

/**
 * The text of a PDF through unpdf (Mozilla's pdf.js built for servers), loaded on first use:
 * page by page, lines as pdf.js ends them, pages separated by a blank line. At most
 * READ_LIMITS.maxPages pages are read and READ_LIMITS.maxChars characters kept; pdf.js itself
 * can spend seconds on a crafted file (a 19-byte ToUnicode range maps 16 million codes), which
 * only the reader child's wall-clock budget stops (platform/reader/read-in-child.ts).
 */
export interface PdfText {
  pages: number;
  text: string;
}

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js takes ownership of (detaches) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    throw new UnreadableFile('pdf: not a readable PDF');
  }
  try {
    const pageTexts: string[] = [];
    let chars = 0;
    const last = Math.min(pdf.numPages, READ_LIMITS.maxPages);
    for (let n = 1; n <= last && chars < READ_LIMITS.maxChars; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItemLike[]) {
        text += (item.str ?? '') + (item.hasEOL ? '\n' : '');
      }
      const clean = text
        .split('\n')
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter((l) => l.length > 0)
        .join('\n');
      pageTexts.push(clean);
      chars += clean.length;
    }
    return {
      pages: pdf.numPages,
      text: pageTexts.join('\n\n').slice(0, READ_LIMITS.maxChars),
    };
  } catch (err) {
    if (err instanceof UnreadableFile) throw err;
    throw new UnreadableFile('pdf: unreadable content');
  }
}

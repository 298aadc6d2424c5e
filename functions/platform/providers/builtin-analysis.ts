import { DOCUMENT_TYPES } from '../../../shared/contract/documents.js';
import { documentsEs } from '../../../shared/messages/documents.es.js';
import type { AnalysisInput } from './analysis.js';
import { AnalysisError } from './analysis-error.js';
import { extractDocxText } from './docx-text.js';
import { extractPdfText, PdfReadError } from './pdf-text.js';
import { type TextFacts, textFacts } from './text-facts.js';

/**
 * The built-in analyzer: reads the document itself (PDF text, DOCX XML) and writes a Spanish
 * markdown report of what plain rules can find. Deterministic: the same file gives the same
 * report. It stands in for the AI webhook where none is configured.
 */
const r = documentsEs.report;

/** Characters markdown would read as formatting, escaped in text taken from the document. */
const md = (s: string) => s.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`);

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toLocaleString('es-CL', { maximumFractionDigits: 1 })} KB`;
  return `${(kb / 1024).toLocaleString('es-CL', { maximumFractionDigits: 1 })} MB`;
}

const kindLabel = (fileType: string) =>
  fileType === DOCUMENT_TYPES.pdf ? 'PDF' : fileType === DOCUMENT_TYPES.docx ? 'DOCX' : 'DOC';

const list = (items: string[]) =>
  items.length ? items.map((i) => `- ${i}`).join('\n') : `_${r.none}_`;

interface Read {
  pages: number | null;
  text: string | null;
}

async function read(input: AnalysisInput): Promise<Read> {
  if (input.fileType === DOCUMENT_TYPES.pdf) {
    try {
      const { pages, text } = extractPdfText(await input.bytes());
      return { pages, text };
    } catch (err) {
      if (err instanceof PdfReadError) throw new AnalysisError(documentsEs.analysisUnreadable);
      throw err;
    }
  }
  if (input.fileType === DOCUMENT_TYPES.docx) {
    const text = extractDocxText(await input.bytes());
    if (text === undefined) throw new AnalysisError(documentsEs.analysisUnreadable);
    return { pages: null, text };
  }
  // The old binary .doc format: no reader here; the report says so and gives what is known.
  return { pages: null, text: null };
}

export function report(input: AnalysisInput, doc: Read, facts: TextFacts | null): string {
  const header = [
    `# ${r.title}`,
    '',
    `- **${r.file}:** ${md(input.fileName)}`,
    `- **${r.type}:** ${kindLabel(input.fileType)}`,
    `- **${r.size}:** ${formatSize(input.fileSize)}`,
    ...(doc.pages !== null ? [`- **${r.pages}:** ${doc.pages}`] : []),
    ...(facts ? [`- **${r.words}:** ${facts.words.toLocaleString('es-CL')}`] : []),
    `- **${r.country}:** ${md(input.country)}`,
  ];
  if (!facts) return [...header, '', doc.text === null ? r.docUnreadable : r.noText].join('\n');
  const ruts = facts.ruts.map((x) => `${x.text} — ${x.valid ? r.rutValid : r.rutInvalid}`);
  return [
    ...header,
    '',
    `## ${r.summary}`,
    '',
    md(facts.summary),
    '',
    `## ${r.parties}`,
    '',
    list(facts.parties.map(md)),
    '',
    `## ${r.ruts}`,
    '',
    list(ruts),
    '',
    `## ${r.dates}`,
    '',
    list(facts.dates),
    '',
    `## ${r.amounts}`,
    '',
    list(facts.amounts.map(md)),
    '',
    `_${r.note}_`,
  ].join('\n');
}

export async function builtinAnalysis(input: AnalysisInput): Promise<string> {
  const doc = await read(input);
  const facts = doc.text?.trim() ? textFacts(doc.text) : null;
  return report(input, doc, facts);
}

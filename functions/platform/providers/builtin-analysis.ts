import { DOCUMENT_TYPES } from '../../../shared/contract/documents.js';
import { documentsEs } from '../../../shared/messages/documents.es.js';
import { timedOut } from '../deadline.js';
import { logger } from '../logger.js';
import { ReadFailed, readInChild } from '../reader/read-in-child.js';
import type { AnalysisInput } from './analysis.js';
import { AnalysisError } from './analysis-error.js';
import { type TextFacts, textFacts } from './text-facts.js';

/**
 * The built-in analyzer: reads the document itself (PDF text through unpdf, DOCX through
 * mammoth, in a reader child process with its own heap and a time budget) and writes a Spanish
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

const TEXT_TASKS: Record<string, 'pdf-text' | 'docx-text'> = {
  [DOCUMENT_TYPES.pdf]: 'pdf-text',
  [DOCUMENT_TYPES.docx]: 'docx-text',
};

/** The file's text, read by the libraries in a reader child (platform/reader/read-in-child.ts). */
async function read(input: AnalysisInput): Promise<Read> {
  const kind = TEXT_TASKS[input.fileType];
  // The old binary .doc format: no reader here; the report says so and gives what is known.
  if (!kind) return { pages: null, text: null };
  const bytes = await input.bytes();
  try {
    return await readInChild(kind, bytes);
  } catch (err) {
    if (!(err instanceof ReadFailed)) throw err;
    // Not the file's doing: a 503 to try again, nothing charged.
    if (err.reason === 'start') throw timedOut();
    logger.info('built-in analysis could not read the file', { kind, reason: err.reason });
    throw new AnalysisError(
      err.reason === 'budget' ? documentsEs.analysisTooComplex : documentsEs.analysisUnreadable,
    );
  }
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

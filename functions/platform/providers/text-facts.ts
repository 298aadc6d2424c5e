import { cleanRut, isValidRut } from '../../../shared/rules/rut.js';

/**
 * Facts the built-in analyzer reads from a document's text: parties, Chilean RUTs, dates,
 * amounts, a short summary. Plain deterministic rules (no model): the same text always gives
 * the same facts, in order of appearance, without duplicates.
 */
export interface RutFact {
  /** As written in the document. */
  text: string;
  valid: boolean;
}

export interface TextFacts {
  words: number;
  parties: string[];
  ruts: RutFact[];
  dates: string[];
  amounts: string[];
  summary: string;
}

const MAX_ITEMS = 20;

function unique(values: string[], limit = MAX_ITEMS): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const key = v.toLocaleLowerCase('es').replace(/\s+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}

export const countWords = (text: string): number =>
  text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

// Parties -------------------------------------------------------------------------------------

const UPPER = 'A-ZÁÉÍÓÚÑÜ';
const LOWER = 'a-záéíóúñü';
/** A capitalised or all-caps name word, or a particle inside a name ("de", "del", "de la"). */
const NAME_WORD = `(?:[${UPPER}][${LOWER}${UPPER}'’-]+|de|del|la|las|los)`;
/** Case matters for the name (that is how it is told from the prose), not for the title. */
const HONORIFIC = new RegExp(
  `(?<![\\p{L}])(?:[Dd]on|[Dd]oña|DON|DOÑA|[Ss]eñora?|SEÑORA?|[Ss]ra?\\.)\\s+((?:[${UPPER}][${LOWER}${UPPER}'’-]+)(?:\\s+${NAME_WORD}){0,5})`,
  'gu',
);
/** Two or more all-caps words (at least two letters each), e.g. "INMOBILIARIA LOS ANDES SPA". */
const CAPS_NAME = new RegExp(`\\b[${UPPER}]{2,}(?:[ \\t]+(?:[${UPPER}][${UPPER}.&]*|DE|Y))+`, 'gu');
/** Company names with their legal form, in any case. */
const COMPANY = new RegExp(
  `\\b((?:[${UPPER}][\\p{L}&.'’-]*\\s+){1,6}(?:S\\.?\\s?A\\.?|SpA|SPA|Ltda\\.?|LTDA\\.?|Limitada|LIMITADA|S\\.L\\.|E\\.I\\.R\\.L\\.))(?=[\\s,.;:)]|$)`,
  'gu',
);
/** Words that open the clause naming who signs. */
const PARTY_CLAUSE = /\b(entre|comparecen?|suscriben|otorgan)\b/i;

const trimName = (s: string) =>
  s
    .replace(/\s+(de|del|la|las|los|y)$/iu, '')
    .replace(/[\s,.;:]+$/u, '')
    .trim();

/** Headings and legal words that are written in capitals but are not parties. */
const NOT_A_PARTY = new Set([
  'CONTRATO',
  'CLÁUSULA',
  'CLAUSULA',
  'PRIMERO',
  'SEGUNDO',
  'TERCERO',
  'CUARTO',
  'QUINTO',
  'ANEXO',
  'RUT',
  'CÉDULA',
  'CEDULA',
  'ARRENDADOR',
  'ARRENDATARIO',
  'VENDEDOR',
  'COMPRADOR',
  'MANDANTE',
  'MANDATARIO',
  'PARTES',
  'CLP',
  'UF',
  'USD',
  'EUR',
]);

function isPartyName(name: string): boolean {
  const words = name.split(/\s+/);
  if (words.length < 2) return false;
  return !words.some((w) => NOT_A_PARTY.has(w.replace(/[.,;:]/g, '').toUpperCase()));
}

export function findParties(text: string): string[] {
  const found: { at: number; name: string }[] = [];
  for (const m of text.matchAll(HONORIFIC)) {
    const name = trimName(m[1] as string);
    if (name.split(/\s+/).length >= 2) found.push({ at: m.index ?? 0, name });
  }
  for (const m of text.matchAll(COMPANY)) {
    found.push({ at: m.index ?? 0, name: trimName(m[1] as string) });
  }
  // All-caps names count only in the clauses that name the parties, not in headings. Lines
  // of a PDF break inside sentences: sentences are cut at . ; : instead.
  const sentence = /[^.;:\n]+(?:[.;:]|$)/g;
  const prose = text.replace(/\n(?=[^\n]*\p{Ll})/gu, ' ');
  for (const s of prose.matchAll(sentence)) {
    if (!PARTY_CLAUSE.test(s[0])) continue;
    for (const m of s[0].matchAll(CAPS_NAME)) {
      const name = trimName(m[0]);
      if (isPartyName(name)) found.push({ at: (s.index ?? 0) + (m.index ?? 0), name });
    }
  }
  found.sort((a, b) => a.at - b.at);
  // A name found twice (by honorific and in capitals) is one party: keep the longest.
  const names = found.map((f) => f.name);
  const kept = names.filter(
    (n, i) =>
      !names.some(
        (o, j) =>
          j !== i &&
          o.length > n.length &&
          o.toLocaleLowerCase('es').includes(n.toLocaleLowerCase('es')),
      ),
  );
  return unique(kept, 10);
}

// RUTs ----------------------------------------------------------------------------------------

const RUT = /\b(\d{1,2}\.\d{3}\.\d{3}|\d{7,8})\s?-\s?([\dkK])\b/g;

export function findRuts(text: string): RutFact[] {
  const out: RutFact[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(RUT)) {
    const written = m[0].replace(/\s/g, '');
    const key = cleanRut(written);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text: written, valid: isValidRut(written) });
    if (out.length >= MAX_ITEMS) break;
  }
  return out;
}

// Dates ---------------------------------------------------------------------------------------

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'setiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const NUMERIC_DATE = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/g;
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const LONG_DATE = new RegExp(
  `\\b(\\d{1,2}|primero)\\s+de\\s+(${MONTHS.join('|')})\\s+(?:de|del)\\s+(?:año\\s+)?(\\d{4})\\b`,
  'giu',
);

const validDay = (d: number, m: number, y: number) =>
  m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate() && y >= 1900;

export function findDates(text: string): string[] {
  const found: { at: number; text: string }[] = [];
  for (const m of text.matchAll(NUMERIC_DATE)) {
    if (validDay(Number(m[1]), Number(m[2]), Number(m[3]))) {
      found.push({ at: m.index ?? 0, text: m[0] });
    }
  }
  for (const m of text.matchAll(ISO_DATE)) {
    if (validDay(Number(m[3]), Number(m[2]), Number(m[1]))) {
      found.push({ at: m.index ?? 0, text: m[0] });
    }
  }
  for (const m of text.matchAll(LONG_DATE)) {
    found.push({ at: m.index ?? 0, text: m[0].replace(/\s+/g, ' ') });
  }
  found.sort((a, b) => a.at - b.at);
  return unique(found.map((f) => f.text));
}

// Amounts -------------------------------------------------------------------------------------

const NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const PREFIXED = new RegExp(
  String.raw`(?:US\$|\$|€|\b(?:CLP|UF|EUR|USD|MXN|ARS|COP|PEN)\b)\s?(?:${NUMBER})`,
  'gu',
);
const SUFFIXED = new RegExp(
  String.raw`\b(?:${NUMBER})\s?(?:CLP|UF|EUR|USD|MXN|ARS|COP|PEN|€|pesos|euros|d[óo]lares|unidades de fomento)(?![\p{L}])`,
  'giu',
);

export function findAmounts(text: string): string[] {
  const found: { at: number; end: number; text: string }[] = [];
  for (const re of [PREFIXED, SUFFIXED]) {
    for (const m of text.matchAll(re)) {
      const at = m.index ?? 0;
      found.push({ at, end: at + m[0].length, text: m[0].replace(/\s+/g, ' ').trim() });
    }
  }
  found.sort((a, b) => a.at - b.at || b.end - a.end);
  // "$ 100 CLP" matches both ways: keep the first, longest match of each stretch of text.
  const kept = found.filter((f, i) => !found.slice(0, i).some((o) => f.at < o.end));
  return unique(kept.map((f) => f.text));
}

// Summary -------------------------------------------------------------------------------------

const SUMMARY_CHARS = 400;

/** A line without lower-case letters is a heading ("CONTRATO DE ARRENDAMIENTO"), not prose. */
const isHeading = (line: string) => !/\p{Ll}/u.test(line);

/**
 * The first sentences of the document's prose (headings left out), up to about 400
 * characters, cut at a word. Sentences end at . ! ? followed by a capital letter, so the dots
 * of "12.345.678-5" or "$ 450.000" do not split them.
 */
export function summarize(text: string): string {
  const prose = text
    .split('\n')
    .filter((l) => !isHeading(l))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!prose) return '';
  const sentences = prose.split(/(?<=[.!?])\s+(?=[\p{Lu}¿¡"«(])/u);
  let out = '';
  for (const sentence of sentences) {
    const next = `${out} ${sentence}`.trim();
    if (out && next.length > SUMMARY_CHARS) break;
    out = next;
    if (out.length >= SUMMARY_CHARS / 2) break;
  }
  if (out.length > SUMMARY_CHARS) {
    out = `${out.slice(0, SUMMARY_CHARS).replace(/\s+\S*$/, '')}…`;
  }
  return out;
}

export function textFacts(text: string): TextFacts {
  return {
    words: countWords(text),
    parties: findParties(text),
    ruts: findRuts(text),
    dates: findDates(text),
    amounts: findAmounts(text),
    summary: summarize(text),
  };
}

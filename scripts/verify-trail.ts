import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkTrail } from './trail-check.js';

/**
 * `npm run verify-trail -- trail.json [--pdf sealed.pdf]`: recomputes a downloaded audit trail
 * ('Descargar registro' in the order's 'Actividad', or GET /api/orders/{id}/trail) and, with
 * --pdf, finds the head printed on the sealed PDF's certificate page among its events (the
 * PDF's text is read with poppler's pdftotext). Exit 0 when everything holds, 1 otherwise.
 */
function main(argv: string[]): number {
  const pdfAt = argv.indexOf('--pdf');
  const pdf = pdfAt >= 0 ? argv[pdfAt + 1] : undefined;
  const file = argv.find((a, i) => !a.startsWith('--') && i !== pdfAt + 1);
  if (!file || (pdfAt >= 0 && !pdf)) {
    console.error('usage: npm run verify-trail -- trail.json [--pdf sealed.pdf]');
    return 2;
  }
  let trail: unknown;
  try {
    trail = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 1;
  }
  const text = pdf
    ? execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' })
    : undefined;
  const verdict = checkTrail(trail, text);
  for (const line of verdict.lines) console.log(line);
  return verdict.ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));

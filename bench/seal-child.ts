import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sealDocument } from '../functions/signing/seal/index.js';
import type { SealCredentials, SealInput } from '../functions/signing/seal/types.js';

/**
 * The measured process of bench/seal.ts: reads the prepared input from the folder in argv[2],
 * seals it twice (cold: the first call loads pdf-lib, libpdf, fontkit and the fonts, as a Lambda
 * cold start would; warm: the next order in the same container) and prints one JSON line with
 * both times and the process's peak RSS (getrusage's ru_maxrss: the true peak, no sampling).
 */
const dir = process.argv[2] as string;
const input = JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8')) as SealInput & {
  signers: (SealInput['signers'][number] & { imagePngB64?: string })[];
};
input.original = new Uint8Array(readFileSync(join(dir, 'original.pdf')));
for (const s of input.signers) {
  if (s.imagePngB64) s.imagePng = new Uint8Array(Buffer.from(s.imagePngB64, 'base64'));
  delete s.imagePngB64;
}
const raw = JSON.parse(readFileSync(join(dir, 'creds.json'), 'utf8')) as SealCredentials & {
  p12B64: string;
};
const creds: SealCredentials = { ...raw, p12: new Uint8Array(Buffer.from(raw.p12B64, 'base64')) };

const times: number[] = [];
let result = { pages: 0, bytes: 0 };
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  const sealed = await sealDocument(input, creds);
  times.push(performance.now() - t);
  result = { pages: sealed.pages, bytes: sealed.pdf.length };
}
process.stdout.write(
  `${JSON.stringify({ coldMs: times[0], warmMs: times[1], maxRssBytes: process.resourceUsage().maxRSS * 1024, ...result })}\n`,
);

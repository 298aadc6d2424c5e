import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildHandler } from '../lib/handler-build.js';
import { ensureLocalPki, localSealEnv, startLocalCa, startLocalTsa } from '../local/pki/index.js';
import { sampleInput, samplePdf, sampleSigner } from '../test/support/seal-samples.js';
import {
  type BenchResult,
  heading,
  ms,
  print,
  REPO_ROOT,
  runIfMain,
  type SummaryRow,
  table,
  tempDir,
} from './common.js';

/**
 * Sealing the largest order the issue names (docs/performance.md): a 10 MB, 50-page PDF with
 * 10 signers (half drawn, half typed) → signatures page, certificate pages, PAdES B-LTA seal
 * (signature timestamp from the local TSA, the CRLs of the seal's and TSA's chains fetched from
 * the local CA into a DSS, a document timestamp). What is measured is what ships: `functions/signing/seal/` bundled
 * with the Lambda build options (lib/handler-build.ts), run in a child process of its own with
 * the fonts where the Lambda gets them (SEAL_FONT_DIR), so its peak RSS is the seal's alone; the
 * TSA and the CA answer from this process, as remote ones would. The child seals twice: cold (first call:
 * the lazy chunks load, as on a Lambda cold start) and warm (the next order in the same
 * container), and reports getrusage's peak RSS (no sampling). Goal: under 10 s and 1 GB on this
 * machine. Printed, never asserted.
 */
const PAGES = 50;
const BYTES = 10 * 1024 * 1024;
const SIGNERS = 10;
const TARGET_MS = 10_000;
const TARGET_RSS = 1024 ** 3;

interface ChildResult {
  coldMs: number;
  warmMs: number;
  maxRssBytes: number;
  pages: number;
  bytes: number;
  /** What makes it B-LTA, counted in the output: a /DSS and a /DocTimeStamp. */
  dss: boolean;
  docTimestamps: number;
}

// The child: reads the prepared input, seals twice, prints one JSON line.
const CHILD = `
import { readFileSync } from 'node:fs';
const [bundle, dir] = process.argv.slice(1);
const { sealDocument, sealCredentialsFrom } = await import(bundle);
const input = JSON.parse(readFileSync(dir + '/input.json', 'utf8'));
input.original = new Uint8Array(readFileSync(dir + '/original.pdf'));
for (const s of input.signers) {
  if (s.imagePngB64) s.imagePng = new Uint8Array(Buffer.from(s.imagePngB64, 'base64'));
  delete s.imagePngB64;
}
// The configured values, read as the seal consumer reads them.
const creds = await sealCredentialsFrom(JSON.parse(readFileSync(dir + '/seal-env.json', 'utf8')));
const times = [];
let last;
for (let i = 0; i < 2; i++) {
  const t = performance.now();
  last = await sealDocument(input, creds);
  times.push(performance.now() - t);
}
const text = Buffer.from(last.pdf).toString('latin1');
process.stdout.write(JSON.stringify({ coldMs: times[0], warmMs: times[1],
  maxRssBytes: process.resourceUsage().maxRSS * 1024, pages: last.pages, bytes: last.pdf.length,
  dss: /\\/DSS\\s/.test(text), docTimestamps: (text.match(/\\/DocTimeStamp/g) ?? []).length }) + '\\n');
`;

function runChild(bundle: string, dir: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href, dir],
      {
        env: {
          ...process.env,
          SEAL_FONT_DIR: join(REPO_ROOT, 'node_modules/pdfjs-dist/standard_fonts'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`seal child exited ${code}:\n${err}`));
      else resolve(JSON.parse(out.trim().split('\n').pop() as string) as ChildResult);
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export async function run(): Promise<BenchResult> {
  heading(`Seal: ${PAGES} pages, ${mb(BYTES)}, ${SIGNERS} signers`);
  const { dir, cleanup } = tempDir('seal');
  const pki = await ensureLocalPki(join(dir, 'pki'));
  const tsa = await startLocalTsa({ dataDir: join(dir, 'pki') });
  const ca = await startLocalCa({ dataDir: join(dir, 'pki') });
  try {
    const original = await samplePdf(PAGES, BYTES);
    writeFileSync(join(dir, 'original.pdf'), original);
    const signers = Array.from({ length: SIGNERS }, (_, i) =>
      sampleSigner(`Firmante ${i + 1} Núñez`, i % 2 ? 'typed' : 'drawn', i),
    );
    const input = sampleInput(original, signers);
    writeFileSync(
      join(dir, 'input.json'),
      JSON.stringify({
        ...input,
        original: undefined,
        signers: signers.map(({ imagePng, ...s }) => ({
          ...s,
          ...(imagePng ? { imagePngB64: Buffer.from(imagePng).toString('base64') } : {}),
        })),
      }),
    );
    writeFileSync(join(dir, 'seal-env.json'), JSON.stringify(localSealEnv(pki, tsa.url)));
    const bundleDir = join(dir, 'bundle');
    await buildHandler(join(REPO_ROOT, 'functions/signing/seal/index.ts'), bundleDir);
    const r = await runChild(join(bundleDir, 'index.mjs'), dir);
    print(
      table(
        ['input', 'output', 'pages', 'level', 'cold (1st seal)', 'warm (2nd seal)', 'peak RSS'],
        [
          [
            mb(original.length),
            mb(r.bytes),
            String(r.pages),
            r.dss && r.docTimestamps > 0 ? 'B-LTA (DSS + doc. timestamp)' : 'not B-LTA',
            ms(r.coldMs),
            ms(r.warmMs),
            mb(r.maxRssBytes),
          ],
        ],
      ),
    );
    const subject = `${PAGES} p, ${mb(BYTES)}, ${SIGNERS} signers`;
    const summary: SummaryRow[] = [
      {
        bench: 'seal',
        subject: `${subject}: B-LTA time (cold)`,
        value: ms(r.coldMs),
        reference: `warm ${ms(r.warmMs)}`,
        target: `< ${ms(TARGET_MS)}`,
        met: r.coldMs < TARGET_MS && r.dss && r.docTimestamps > 0,
      },
      {
        bench: 'seal',
        subject: `${subject}: B-LTA peak RSS`,
        value: mb(r.maxRssBytes),
        reference: `output ${mb(r.bytes)}`,
        target: `< ${mb(TARGET_RSS)}`,
        met: r.maxRssBytes < TARGET_RSS,
      },
    ];
    return { name: 'seal', summary };
  } finally {
    await tsa.close();
    await ca.close();
    cleanup();
  }
}

runIfMain(import.meta.url, run);

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { contractPdf, docx, zip } from '../support/documents.js';

/**
 * Hostile files for the built-in analyzer (functions/platform/providers/fuzz.test.ts):
 * `npx tsx test/fuzz/make-corpus.ts` writes them to test/fuzz/corpus/, deterministically.
 * Each answers one way a file can make a reader hang, blow up or crash; the file name says
 * which. `.pdf` files are read as PDF, `.docx` as DOCX.
 */
const OUT = fileURLToPath(new URL('./corpus/', import.meta.url));

/** A PDF from object bodies, with a correct cross-reference table. */
function pdf(objects: (string | Buffer)[], trailer = '/Root 1 0 R'): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

const stream = (data: Buffer | string, dict = '') => {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  return Buffer.concat([
    Buffer.from(`<< /Length ${bytes.length} ${dict} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
};

/** A one-page PDF whose font has this ToUnicode CMap. */
const withToUnicode = (cmap: string) =>
  pdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    stream('BT /F1 12 Tf 10 10 Td (Hola) Tj ET'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>',
    stream(cmap),
  ]);

const cmapHeader = '/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n';

/** A seeded generator (mulberry32): the same corpus on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const randomBytes = (n: number, seed: number) => {
  const next = random(seed);
  return Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)));
};

/** A DOCX whose word/document.xml is `xml` (deflated). */
const docxWith = (xml: string | Buffer) =>
  zip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: typeof xml === 'string' ? Buffer.from(xml) : xml },
  ]);

/** Sets the declared uncompressed size of every entry of a ZIP (local and central headers). */
function lieAboutSizes(bytes: Buffer, size: number): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

export async function corpus(): Promise<Record<string, Buffer>> {
  const contract = Buffer.from(await contractPdf());
  const word = docx();
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const bombXml = Buffer.alloc(200 * 1024 * 1024, 0x20); // 200 MB of spaces, ~200 KB deflated
  return {
    // A 19-byte ToUnicode range mapping 16 million codes, then 40 of them (~1 KB).
    'cmap-loop.pdf': withToUnicode(
      `${cmapHeader}1 begincodespacerange <000000> <FFFFFF> endcodespacerange\n40 beginbfrange\n${'<000000> <FFFFFF> <0041>\n'.repeat(40)}endbfrange\nendcmap end end`,
    ),
    'cmap-cid-loop.pdf': withToUnicode(
      `${cmapHeader}1 begincodespacerange <000000> <FFFFFF> endcodespacerange\n40 begincidrange\n${'<000000> <FFFFFF> 0\n'.repeat(40)}endcidrange\nendcmap end end`,
    ),
    // Allocation shapes that abort a worker thread's whole process when its heap runs out
    // (Node issue 47224); in the reader child they end that child only. cmap-loop and
    // cmap-cid-loop above are the huge CMap ranges.
    // A CID font whose widths cover 4 billion glyphs: one array filled by index.
    'widths-by-index.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      stream('BT /F1 12 Tf 10 10 Td <0001> Tj ET'),
      '<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [6 0 R] >>',
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /W [0 4294967295 500] >>',
    ]),
    // 100 MB of text operators deflated to ~100 KB: one text item pushed per operator.
    'text-items-push.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      stream(
        deflateSync(Buffer.from(`BT /F1 12 Tf ${'(x) Tj 1 0 Td '.repeat(7_000_000)}ET`, 'latin1'), {
          level: 9,
        }),
        '/Filter /FlateDecode',
      ),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]),
    'nested-arrays.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /X ${'['.repeat(100_000)}${']'.repeat(100_000)} >>`,
    ]),
    'nested-dicts.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /X ${'<< /A '.repeat(50_000)}1${' >>'.repeat(50_000)} >>`,
    ]),
    'page-tree-cycle.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
    ]),
    'million-pages.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${'3 0 R '.repeat(100_000)}] /Count 100000 >>`,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
      stream('BT /F1 12 Tf (x) Tj ET'),
    ]),
    'flate-bomb.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
      stream(
        deflateSync(Buffer.alloc(100 * 1024 * 1024, 0x20), { level: 9 }),
        '/Filter /FlateDecode',
      ),
    ]),
    // A valid one-page contract that carries what a hostile sender hides in a PDF: a script
    // run on opening (/OpenAction and the /JavaScript name tree), additional actions on the
    // catalog, the page and a form field, a launch link, an embedded executable (name tree and
    // attachment annotation) and a filled form field. /complete keeps it without all of them
    // (test/integration/active-content.test.ts).
    'active-content.pdf': pdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /AA << /WC 6 0 R >> /Names << /JavaScript 7 0 R /EmbeddedFiles 8 0 R >> /AcroForm << /Fields [11 0 R] >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [9 0 R 11 0 R 13 0 R] /AA << /O 6 0 R >> >>',
      stream('BT /F1 14 Tf 40 250 Td (Contrato con contenido activo) Tj ET'),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      "<< /Type /Action /S /JavaScript /JS (app.alert\\('Sello'\\); this.exportDataObject\\({ cName: 'carga.exe', nLaunch: 2 }\\);) >>",
      '<< /Names [(inicio) 6 0 R] >>',
      '<< /Names [(carga.exe) 10 0 R] >>',
      '<< /Type /Annot /Subtype /Link /Rect [40 200 300 220] /Border [0 0 0] /A << /S /Launch /F (carga.exe) /NewWindow true >> >>',
      '<< /Type /Filespec /F (carga.exe) /UF (carga.exe) /EF << /F 12 0 R >> >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (nombre) /V (Juan Perez Soto) /Rect [40 120 290 144] /P 3 0 R /F 4 /AP << /N 14 0 R >> /AA << /K 6 0 R >> >>',
      stream(
        'MZ carga ejecutable de prueba',
        '/Type /EmbeddedFile /Subtype /application#2Foctet-stream',
      ),
      '<< /Type /Annot /Subtype /FileAttachment /Rect [360 260 380 280] /FS 10 0 R /Name /PushPin >>',
      stream(
        '/Tx BMC BT /F1 12 Tf 2 7 Td (Juan Perez Soto) Tj ET EMC',
        '/Type /XObject /Subtype /Form /BBox [0 0 250 24] /Resources << /Font << /F1 5 0 R >> >>',
      ),
    ]),
    'xref-prev-loop.pdf': Buffer.concat([
      contract.subarray(0, contract.lastIndexOf('startxref')),
      Buffer.from('trailer\n<< /Size 3 /Root 1 0 R /Prev 9 >>\nstartxref\n9\n%%EOF\n'),
    ]),
    'truncated.pdf': contract.subarray(0, Math.floor(contract.length / 2)),
    'header-only.pdf': Buffer.from('%PDF-1.7\n'),
    'random-with-header.pdf': Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096, 1)]),
    'random.pdf': randomBytes(4096, 2),
    // ~200 KB that inflates to 200 MB, declared honestly, then declared as 1 KB.
    'zip-bomb.docx': docxWith(bombXml),
    'zip-bomb-lying-size.docx': lieAboutSizes(docxWith(bombXml), 1024),
    'zip-many-entries.docx': zip([
      ...Array.from({ length: 5_000 }, (_, i) => ({
        name: `word/p${i}.xml`,
        data: Buffer.from('<a/>'),
      })),
      { name: 'word/document.xml', data: Buffer.from(`<w:document ${W}/>`) },
    ]),
    'deep-nesting.docx': docxWith(
      `<w:document ${W}><w:body>${'<w:p><w:r>'.repeat(50_000)}${'</w:r></w:p>'.repeat(50_000)}</w:body></w:document>`,
    ),
    // What made the old reader quadratic: <w:del> opened thousands of times, never closed.
    'unclosed-deletions.docx': docxWith(
      `<w:document ${W}><w:body>${'<w:del w:id="1"><w:r><w:t>x</w:t></w:r>'.repeat(40_000)}</w:body></w:document>`,
    ),
    'huge-attributes.docx': docxWith(
      `<w:document ${W}><w:body><w:p w:x="${'a'.repeat(5_000_000)}"><w:r><w:t>x</w:t></w:r></w:p></w:body></w:document>`,
    ),
    'entity-expansion.docx': docxWith(
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><w:document ${W}><w:body><w:p><w:r><w:t>&j;</w:t></w:r></w:p></w:body></w:document>`,
    ),
    'not-xml.docx': docxWith(randomBytes(50_000, 3)),
    'truncated.docx': word.subarray(0, Math.floor(word.length / 2)),
    'random.docx': randomBytes(4096, 4),
    'random-with-zip-header.docx': Buffer.concat([
      Buffer.from('PK\x03\x04', 'latin1'),
      randomBytes(4096, 5),
    ]),
  };
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const [name, bytes] of Object.entries(await corpus())) {
    writeFileSync(join(OUT, name), bytes);
  }
  console.log(`${readdirSync(OUT).length} files in ${OUT}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

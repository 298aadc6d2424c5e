import {
  type PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { contractPdf } from '../../../test/support/documents.js';
import {
  activeMarkers,
  FORM_MARKERS,
  pdfTextWithStreams,
} from '../../../test/support/pdf-active.js';
import { extractPdfText } from '../providers/pdf-text.js';
import { checkPdf } from './file-checks.js';

/**
 * The upload check's rewrite of a PDF (file-checks.ts → pdf-sanitize.ts), run in this process
 * on files built here: each kind of active content a hostile upload can carry is gone from the
 * saved file (by its structure and by a scan of every inflated stream), and what the page shows
 * is still there, form values included.
 */
const VISIBLE = 'Contrato con contenido activo';

type Kind =
  | 'javascript-open-action'
  | 'javascript-name-tree'
  | 'additional-actions'
  | 'embedded-file'
  | 'file-attachment'
  | 'launch-link'
  | 'form-field';

/** A one-page PDF showing VISIBLE, with the active content of each kind asked for. */
async function hostilePdf(kinds: Kind[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.drawText(VISIBLE, { x: 40, y: 250, size: 14, font });
  const ctx = doc.context;
  const script = ctx.register(
    ctx.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('hola');") }),
  );
  const annots: PDFDict[] = [];
  if (kinds.includes('javascript-open-action')) doc.catalog.set(PDFName.of('OpenAction'), script);
  if (kinds.includes('javascript-name-tree')) {
    doc.catalog.set(
      PDFName.of('Names'),
      ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('inicio'), script] }) }),
    );
  }
  if (kinds.includes('additional-actions')) {
    doc.catalog.set(PDFName.of('AA'), ctx.obj({ WC: script }));
    page.node.set(PDFName.of('AA'), ctx.obj({ O: script }));
  }
  if (kinds.includes('embedded-file')) {
    await doc.attach(Buffer.from('MZ carga de prueba'), 'carga.exe', { mimeType: 'x/exe' });
  }
  if (kinds.includes('file-attachment')) {
    const file = ctx.register(ctx.flateStream('MZ adjunto de prueba', { Type: 'EmbeddedFile' }));
    annots.push(
      ctx.obj({
        Type: 'Annot',
        Subtype: 'FileAttachment',
        Rect: [10, 10, 30, 30],
        FS: ctx.obj({ Type: 'Filespec', F: PDFString.of('adjunto.exe'), EF: { F: file } }),
      }),
    );
  }
  if (kinds.includes('launch-link')) {
    annots.push(
      ctx.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [40, 100, 200, 120],
        A: { S: 'Launch', F: PDFString.of('cmd.exe') },
      }),
    );
  }
  for (const annot of annots) page.node.addAnnot(ctx.register(annot));
  if (kinds.includes('form-field')) {
    const form = doc.getForm();
    const field = form.createTextField('nombre');
    field.setText('Juan Pérez Soto');
    field.addToPage(page, { x: 40, y: 150, width: 250, height: 24, font });
    const widget = field.acroField.getWidgets()[0];
    widget?.dict.set(PDFName.of('AA'), ctx.obj({ K: script }));
    form.updateFieldAppearances(font);
  }
  return doc.save({ updateFieldAppearances: false });
}

async function sanitized(bytes: Uint8Array) {
  const check = await checkPdf(bytes);
  if (!check.ok) throw new Error(`the check refused the file: ${check.problem}`);
  return check;
}

const text = async (bytes: Uint8Array) => (await extractPdfText(bytes)).text;

describe('sanitizing an uploaded PDF', () => {
  it.each<[Kind, string[]]>([
    ['javascript-open-action', ['/JavaScript', '/JS', '/OpenAction']],
    ['javascript-name-tree', ['/JavaScript', '/JS']],
    ['additional-actions', ['/AA', '/JavaScript', '/JS']],
    ['embedded-file', ['/EmbeddedFile', '/EmbeddedFiles']],
    ['file-attachment', ['/FileAttachment', '/EmbeddedFile']],
    ['launch-link', ['/Launch']],
    ['form-field', ['/AA', '/JS']],
  ])('removes %s and keeps what the page shows', { timeout: 30_000 }, async (kind, markers) => {
    const hostile = await hostilePdf([kind]);
    // The file built here does carry it: the scan would see it.
    expect(activeMarkers(hostile)).toEqual(expect.arrayContaining(markers));
    const check = await sanitized(hostile);
    expect(activeMarkers(check.bytes)).toEqual([]);
    expect(Object.keys(check.removed).length).toBeGreaterThan(0);
    expect(check.pages).toBe(1);
    expect(await text(check.bytes)).toContain(VISIBLE);
  });

  it('removes every kind at once, payloads included', { timeout: 30_000 }, async () => {
    const hostile = await hostilePdf([
      'javascript-open-action',
      'javascript-name-tree',
      'additional-actions',
      'embedded-file',
      'file-attachment',
      'launch-link',
      'form-field',
    ]);
    const { bytes, removed } = await sanitized(hostile);
    expect(activeMarkers(bytes)).toEqual([]);
    expect(activeMarkers(bytes, FORM_MARKERS)).toEqual([]);
    // The script and the files themselves, not only the entries that pointed at them.
    const inflated = pdfTextWithStreams(bytes);
    expect(inflated).not.toContain('app.alert');
    expect(inflated).not.toContain('MZ carga');
    expect(removed).toMatchObject({
      openAction: 1,
      javascript: expect.any(Number),
      additionalActions: expect.any(Number),
      embeddedFiles: expect.any(Number),
      actions: expect.any(Number),
      formFields: 1,
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.catalog.get(PDFName.of('Names'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('AcroForm'))).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    // The launch link stays as a rectangle that does nothing; the attachment is gone.
    const annots = doc.getPage(0).node.Annots();
    const subtypes = (annots?.asArray() ?? []).map((a) =>
      String(doc.context.lookup(a, PDFDict).get(PDFName.of('Subtype'))),
    );
    expect(subtypes).toEqual(['/Link']);
  });

  it('draws a form value into the page and removes the field', { timeout: 30_000 }, async () => {
    const { bytes } = await sanitized(await hostilePdf(['form-field']));
    expect(await text(bytes)).toContain('Juan Pérez Soto');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getForm().getFields()).toEqual([]);
    expect(activeMarkers(bytes, FORM_MARKERS)).toEqual([]);
  });

  it('does not draw a hidden field', { timeout: 30_000 }, async () => {
    const doc = await PDFDocument.load(await hostilePdf(['form-field']));
    doc.getForm().getTextField('nombre').acroField.getWidgets()[0]?.setFlagTo(2, true);
    const { bytes } = await sanitized(await doc.save({ updateFieldAppearances: false }));
    expect(await text(bytes)).not.toContain('Juan Pérez Soto');
    expect(await text(bytes)).toContain(VISIBLE);
  });

  it('keeps links inside the document and to the web, not script links', {
    timeout: 30_000,
  }, async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    const ctx = doc.context;
    const link = (action: Record<string, PDFObject | PDFObject[] | string>) =>
      page.node.addAnnot(
        ctx.register(
          ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], A: ctx.obj(action) }),
        ),
      );
    link({ S: 'URI', URI: PDFString.of('https://www.sii.cl/') });
    link({ S: 'GoTo', D: ctx.obj([page.ref, 'Fit']) });
    link({ S: 'URI', URI: PDFString.of('javascript:app.alert(1)') });
    link({
      S: 'GoTo',
      D: ctx.obj([page.ref, 'Fit']),
      Next: ctx.obj({ S: 'JavaScript', JS: PDFString.of('x') }),
    });
    const { bytes } = await sanitized(await doc.save());
    const out = await PDFDocument.load(bytes);
    const actions = (out.getPage(0).node.Annots() as PDFArray).asArray().map((a) => {
      const action = out.context.lookup(a, PDFDict).get(PDFName.of('A'));
      if (!action) return 'none';
      const dict = out.context.lookup(action, PDFDict);
      return `${dict.get(PDFName.of('S'))}${dict.has(PDFName.of('Next')) ? '+next' : ''}`;
    });
    expect(actions).toEqual(['/URI', '/GoTo', 'none', '/GoTo']);
    expect(activeMarkers(bytes)).toEqual([]);
  });

  it('leaves a plain contract as it reads', { timeout: 30_000 }, async () => {
    const contract = await contractPdf();
    const check = await sanitized(contract);
    expect(check.removed).toEqual({});
    expect(check.pages).toBe(2);
    expect(await text(check.bytes)).toBe(await text(contract));
  });
});

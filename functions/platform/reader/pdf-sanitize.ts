import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFStream,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';

/**
 * Removes a PDF's active content, in place, so that what signers review is inert and is what
 * the seal composes (docs/security.md, "What signers see is what gets sealed"). Runs inside the
 * reader child (file-checks.ts) on a file loaded by the seal's own library (@cantoo/pdf-lib).
 *
 * - Actions: only a jump inside the document (GoTo) and a web or mail link (URI with http,
 *   https or mailto) survive, on links and bookmarks; they are what a contract's table of
 *   contents and references need, and neither runs code, opens files or sends data. Every other
 *   action (JavaScript, Launch, SubmitForm, ImportData, GoToR, GoToE, Rendition, Named…) goes,
 *   and so do chained actions (/Next), additional actions (/AA) and the catalog's /OpenAction.
 * - Name trees: only /Dests (named destinations) is kept; /JavaScript, /EmbeddedFiles and the
 *   other trees (renditions, alternate presentations…) go.
 * - Embedded files: file specifications lose /EF and /RF; attachment and media annotations
 *   (FileAttachment, RichMedia, Screen, Movie, Sound, 3D) are removed from their pages.
 * - Forms: each visible widget's appearance is drawn into its page, then widgets and /AcroForm
 *   (its XFA with it) go: the values stay visible and nothing is fillable or scriptable.
 * - Objects no longer reachable from the trailer (the removed scripts and files, the original
 *   object and cross-reference streams) are deleted, so the saved file carries no copy of them.
 */

/** What was removed, by kind, as counts (logged at upload; tests assert on them). */
export type Removed = Partial<Record<RemovedKind, number>>;
export type RemovedKind =
  | 'openAction'
  | 'additionalActions'
  | 'actions'
  | 'javascript'
  | 'embeddedFiles'
  | 'annotations'
  | 'formFields'
  | 'xfa'
  | 'permissions'
  | 'unreferenced';

const N = (name: string) => PDFName.of(name);

/** Actions that survive (see above); everything else is removed. */
const SAFE_ACTIONS = new Set(['GoTo', 'URI']);
const SAFE_URI = /^(https?:|mailto:)/i;

/** Annotations that carry files or media (players, 3D scripts): removed with their content. */
const ACTIVE_ANNOTATIONS = new Set([
  'FileAttachment',
  'RichMedia',
  'Screen',
  'Movie',
  'Sound',
  '3D',
]);

/** Catalog entries that carry active content, forms or previous signers' permissions. */
const CATALOG_DROPS: [string, RemovedKind][] = [
  ['OpenAction', 'openAction'],
  ['Collection', 'embeddedFiles'], // a portfolio: a folder of embedded files
  ['NeedsRendering', 'xfa'],
  // A previous DocMDP or usage-rights signature: rewriting invalidates it, and the seal's
  // certification must be the document's only one.
  ['Perms', 'permissions'],
];

/** Annotation flags (PDF 32000 12.5.3): Hidden (2) and NoView (32) widgets are not drawn. */
const HIDDEN_FLAGS = 2 | 32;

export function sanitizePdf(doc: PDFDocument): Removed {
  const removed: Removed = {};
  const count = (kind: RemovedKind, n = 1) => {
    removed[kind] = (removed[kind] ?? 0) + n;
  };
  const { context, catalog } = doc;

  for (const [key, kind] of CATALOG_DROPS) if (catalog.delete(N(key))) count(kind);
  keepOnlyDests(doc, count);
  flattenForm(doc, count);
  for (const page of doc.getPages()) dropAnnotations(doc, page, count);
  // Every reachable dictionary, for the actions and files that can sit anywhere (bookmarks,
  // links, pages, appearance streams…).
  reachable(doc, (dict) => scrubDict(dict, (o) => context.lookup(o), count));
  const gone = collectGarbage(doc);
  if (gone > 0) count('unreferenced', gone);
  return removed;
}

/** The catalog's /Names reduced to /Dests. */
function keepOnlyDests(doc: PDFDocument, count: (k: RemovedKind, n?: number) => void) {
  const names = doc.context.lookup(doc.catalog.get(N('Names')));
  if (!(names instanceof PDFDict)) {
    doc.catalog.delete(N('Names'));
    return;
  }
  for (const key of names.keys()) {
    if (key === N('Dests')) continue;
    names.delete(key);
    count(
      key === N('JavaScript')
        ? 'javascript'
        : key === N('EmbeddedFiles')
          ? 'embeddedFiles'
          : 'actions',
    );
  }
  if (names.keys().length === 0) doc.catalog.delete(N('Names'));
}

/**
 * Draws each visible widget's normal appearance into its page (PDF 32000 12.5.5: the form's
 * bounding box, through its matrix, mapped onto the annotation's rectangle), then removes the
 * widgets and the form. Fields without an appearance get one from their value first, where the
 * library can make it.
 */
function flattenForm(doc: PDFDocument, count: (k: RemovedKind, n?: number) => void) {
  const acroForm = doc.context.lookup(doc.catalog.get(N('AcroForm')));
  if (acroForm instanceof PDFDict) {
    if (acroForm.has(N('XFA'))) count('xfa');
    acroForm.delete(N('XFA'));
    const fields = doc.context.lookup(acroForm.get(N('Fields')));
    if (fields instanceof PDFArray && fields.size() > 0) {
      try {
        // Only for fields that have no appearance (or viewers were told to make them).
        doc.getForm().updateFieldAppearances();
      } catch {
        // A value the standard font cannot write, a broken field: its existing look is kept.
      }
    }
  }
  doc.catalog.delete(N('AcroForm'));
  for (const page of doc.getPages()) {
    const annots = doc.context.lookup(page.node.get(N('Annots')));
    if (!(annots instanceof PDFArray)) continue;
    const kept: PDFObject[] = [];
    for (const item of annots.asArray()) {
      const annot = doc.context.lookup(item);
      if (!(annot instanceof PDFDict) || annot.get(N('Subtype')) !== N('Widget')) {
        kept.push(item);
        continue;
      }
      count('formFields');
      const flags = doc.context.lookup(annot.get(N('F')));
      if (flags instanceof PDFNumber && (flags.asNumber() & HIDDEN_FLAGS) !== 0) continue;
      drawAppearance(doc, page, annot);
    }
    page.node.set(N('Annots'), doc.context.obj(kept));
  }
}

/** The widget's normal appearance (the state /AS picks when there are several), as a form. */
function normalAppearance(doc: PDFDocument, annot: PDFDict): PDFRef | undefined {
  const ap = doc.context.lookup(annot.get(N('AP')));
  if (!(ap instanceof PDFDict)) return undefined;
  let normal: PDFObject | undefined = ap.get(N('N'));
  const resolved = doc.context.lookup(normal);
  if (resolved instanceof PDFDict && !(resolved instanceof PDFStream)) {
    const state = annot.get(N('AS'));
    normal = state instanceof PDFName ? resolved.get(state) : undefined;
  }
  return normal instanceof PDFRef && doc.context.lookup(normal) instanceof PDFStream
    ? normal
    : undefined;
}

function numbers(doc: PDFDocument, value: PDFObject | undefined, length: number) {
  const arr = doc.context.lookup(value);
  if (!(arr instanceof PDFArray) || arr.size() !== length) return undefined;
  const out = arr.asArray().map((v) => doc.context.lookup(v));
  return out.every((v) => v instanceof PDFNumber)
    ? out.map((v) => (v as PDFNumber).asNumber())
    : undefined;
}

function drawAppearance(doc: PDFDocument, page: PDFPage, annot: PDFDict) {
  const ref = normalAppearance(doc, annot);
  if (!ref) return;
  const form = doc.context.lookup(ref) as PDFStream;
  const rect = numbers(doc, annot.get(N('Rect')), 4);
  const bbox = numbers(doc, form.dict.get(N('BBox')), 4);
  if (!rect || !bbox) return;
  const [a, b, c, d, e, f] = numbers(doc, form.dict.get(N('Matrix')), 6) ?? [1, 0, 0, 1, 0, 0];
  const [x1, y1, x2, y2] = bbox as [number, number, number, number];
  const corners = [
    [x1, y1],
    [x1, y2],
    [x2, y1],
    [x2, y2],
  ].map(([x, y]) => [
    (a as number) * (x as number) + (c as number) * (y as number) + (e as number),
    (b as number) * (x as number) + (d as number) * (y as number) + (f as number),
  ]);
  const xs = corners.map((p) => p[0] as number);
  const ys = corners.map((p) => p[1] as number);
  const [left, bottom, width, height] = [
    Math.min(...xs),
    Math.min(...ys),
    Math.max(...xs) - Math.min(...xs),
    Math.max(...ys) - Math.min(...ys),
  ];
  const [r1, r2, r3, r4] = rect as [number, number, number, number];
  if (width <= 0 || height <= 0) return;
  const sx = Math.abs(r3 - r1) / width;
  const sy = Math.abs(r4 - r2) / height;
  const name = page.node.newXObject('FlatWidget', ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(
      sx,
      0,
      0,
      sy,
      Math.min(r1, r3) - left * sx,
      Math.min(r2, r4) - bottom * sy,
    ),
    drawObject(name),
    popGraphicsState(),
  );
}

/** Removes attachment and media annotations from a page. */
function dropAnnotations(
  doc: PDFDocument,
  page: PDFPage,
  count: (k: RemovedKind, n?: number) => void,
) {
  const annots = doc.context.lookup(page.node.get(N('Annots')));
  if (!(annots instanceof PDFArray)) return;
  const kept = annots.asArray().filter((item) => {
    const annot = doc.context.lookup(item);
    const subtype = annot instanceof PDFDict ? annot.get(N('Subtype')) : undefined;
    if (subtype instanceof PDFName && ACTIVE_ANNOTATIONS.has(subtype.decodeText())) {
      count(subtype === N('FileAttachment') ? 'embeddedFiles' : 'annotations');
      return false;
    }
    return true;
  });
  if (kept.length !== annots.size()) page.node.set(N('Annots'), doc.context.obj(kept));
}

type Lookup = (o: PDFObject | undefined) => PDFObject | undefined;

/** The entries of one dictionary that run, open or carry something. */
function scrubDict(dict: PDFDict, lookup: Lookup, count: (k: RemovedKind, n?: number) => void) {
  if (dict.delete(N('AA'))) count('additionalActions');
  if (dict.delete(N('JS'))) count('javascript');
  if (dict.delete(N('EF'))) count('embeddedFiles');
  if (dict.delete(N('RF'))) count('embeddedFiles');
  for (const key of ['A', 'PA']) {
    const action = lookup(dict.get(N(key)));
    if (action instanceof PDFDict && !(action instanceof PDFStream) && action.has(N('S'))) {
      if (!safeAction(action, lookup)) {
        dict.delete(N(key));
        count(action.get(N('S')) === N('JavaScript') ? 'javascript' : 'actions');
      }
    }
  }
  // A safe action's successors are dropped too: a chain is where a script hides after a jump.
  if (dict.has(N('S')) && dict.delete(N('Next'))) count('actions');
}

function safeAction(action: PDFDict, lookup: Lookup): boolean {
  const type = action.get(N('S'));
  if (!(type instanceof PDFName) || !SAFE_ACTIONS.has(type.decodeText())) return false;
  if (type === N('URI')) {
    const uri = lookup(action.get(N('URI')));
    const text = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : '';
    return SAFE_URI.test(text.trim());
  }
  return true;
}

/**
 * The references reachable from the trailer (catalog and info), visiting each dictionary on
 * the way (stream dictionaries included) once; iterative, so a deep or cyclic file cannot
 * exhaust the stack.
 */
function reachable(doc: PDFDocument, visit?: (dict: PDFDict) => void): Set<PDFRef> {
  const seenRefs = new Set<PDFRef>();
  const seen = new Set<PDFObject>();
  const { Root, Info } = doc.context.trailerInfo;
  const stack: PDFObject[] = [Root, Info].filter((o): o is PDFObject => o !== undefined);
  while (stack.length > 0) {
    const item = stack.pop() as PDFObject;
    if (item instanceof PDFRef) {
      if (seenRefs.has(item)) continue;
      seenRefs.add(item);
      const target = doc.context.lookup(item);
      if (target) stack.push(target);
      continue;
    }
    if (seen.has(item)) continue;
    seen.add(item);
    const dict = item instanceof PDFStream ? item.dict : item instanceof PDFDict ? item : undefined;
    if (dict) {
      visit?.(dict);
      stack.push(...dict.values());
    } else if (item instanceof PDFArray) {
      stack.push(...item.asArray());
    }
  }
  return seenRefs;
}

/** Deletes every indirect object the trailer no longer reaches; answers how many were files' or
 * scripts' (the parsed object and cross-reference streams are not counted). */
function collectGarbage(doc: PDFDocument): number {
  const live = reachable(doc);
  let gone = 0;
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (live.has(ref)) continue;
    doc.context.delete(ref);
    const type = object instanceof PDFStream ? object.dict.get(N('Type')) : undefined;
    if (type !== N('ObjStm') && type !== N('XRef')) gone++;
  }
  return gone;
}

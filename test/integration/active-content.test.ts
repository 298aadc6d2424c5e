import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DOCUMENT_TYPES, type DocumentView } from '../../shared/contract/documents.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import {
  completeUpload,
  createUpload,
  docx,
  objectBytes,
  postToStorage,
  storedDocument,
} from '../support/documents.js';
import { subOf } from '../support/ledger.js';
import { paidOrder, signer, waitForLinks } from '../support/orders.js';
import { activeMarkers, FORM_MARKERS } from '../support/pdf-active.js';
import { pdfsigTrusting } from '../support/seal-samples.js';
import { auditOf, openLink, orderWhen, signAll } from '../support/signing.js';

/**
 * "What signers see is what gets sealed" (docs/security.md): a hostile PDF from the fuzz corpus
 * (test/fuzz/corpus/active-content.pdf: a script run on opening, additional actions, a launch
 * link, an embedded executable, a filled form field) is kept at /complete without any of them;
 * the customer's preview, the signer's review and the seal all use that file, and the sealed
 * PDF has no script or embedded file left (pdfdetach, a scan of every inflated stream) and still
 * validates in pdfsig. A Word file keeps its bytes (it is sealed inside an evidence PDF).
 */
const stack = inject('stack');
const call = api(stack);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const hostile = readFileSync(new URL('../fuzz/corpus/active-content.pdf', import.meta.url));
let dir: string;
let pdfsig: (file: string) => string;
let user: TestUser;

/** What poppler's tools say of a file written to the test's folder. */
function poppler(tool: 'pdfdetach' | 'pdftotext', name: string, bytes: Uint8Array): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const args = tool === 'pdfdetach' ? ['-list', file] : ['-layout', file, '-'];
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  return `${r.stdout}${r.stderr}`;
}

const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

/**
 * The upload journey, its /complete retried on the retryable 503 as the app does: on a busy
 * machine the reader child may not start in time, which says nothing about the file.
 */
async function uploadAndComplete(
  name: string,
  bytes: Uint8Array,
  kind: 'pdf' | 'docx' = 'pdf',
): Promise<DocumentView> {
  const created = await createUpload(stack, user.accessToken, {
    file_name: name,
    content_type: DOCUMENT_TYPES[kind],
    size: bytes.length,
  });
  expect(created.status).toBe(201);
  expect(await postToStorage(created.body.upload, bytes, DOCUMENT_TYPES[kind])).toBe(204);
  for (let attempt = 0; ; attempt++) {
    const done = await completeUpload(stack, user.accessToken, created.body.document.id);
    if (done.status !== 503 || attempt === 4) {
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      return done.body.document;
    }
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sello-active-'));
  pdfsig = pdfsigTrusting(stack.sealRootCaPath, join(dir, 'nss'));
  user = await newConfirmedUser(stack);
});

describe('active content removed when a document becomes ready', () => {
  // Upload, order, signature and seal in one journey: more than the default 30 s on a busy
  // machine (the reader child and the seal are real processes and real cryptography).
  it('keeps a hostile PDF without its scripts, files and form; the seal never sees them', {
    timeout: 180_000,
  }, async () => {
    // The corpus file does carry them (pdfdetach lists its two embedded copies).
    expect(poppler('pdfdetach', 'hostile.pdf', hostile)).toContain('2 embedded files');
    expect(activeMarkers(hostile)).toEqual(
      expect.arrayContaining(['/JavaScript', '/JS', '/OpenAction', '/AA', '/EmbeddedFile']),
    );

    const doc = await uploadAndComplete('contrato-activo.pdf', hostile);
    expect(doc.status).toBe('ready');
    const item = await storedDocument(stack, doc.id, subOf(user.accessToken));
    const kept = (await objectBytes(stack, item.key ?? '')) ?? Buffer.alloc(0);
    // The kept file is the rewritten one, recorded with its own hash and size.
    expect(sha256(kept)).toBe(doc.sha256);
    expect(doc.sha256).not.toBe(sha256(hostile));
    expect(doc.size).toBe(kept.length);
    expect(activeMarkers(kept)).toEqual([]);
    expect(activeMarkers(kept, FORM_MARKERS)).toEqual([]);
    expect(poppler('pdfdetach', 'kept.pdf', kept)).toContain('0 embedded files');
    // What the page shows is still there, the form's value drawn into it.
    const keptText = poppler('pdftotext', 'kept.pdf', kept);
    expect(keptText).toContain('Contrato con contenido activo');
    expect(keptText).toContain('Juan Perez Soto');
    // The customer's preview serves that file.
    const view = await call<{ view_url: string }>('GET', `/api/documents/${doc.id}`, {
      token: user.accessToken,
    });
    expect(view.status).toBe(200);
    expect(sha256(await fetchBytes(view.body.view_url))).toBe(doc.sha256);

    // An order over it, signed and sealed.
    const signers = [signer()];
    const order = await paidOrder(stack, user, { documentId: doc.id, signers, delivery: false });
    expect(order.document_sha256).toBe(doc.sha256);
    const link = (await waitForLinks(stack, signers[0]?.email ?? ''))[0] as URL;
    await signAll(stack, await openLink(stack, link), signers[0]?.email ?? '');
    const done = await orderWhen(stack, user, order.id, 'completed');

    // The signer reviewed the kept file: the trail's review names its hash, and the order's
    // original link serves it.
    const trail = await auditOf(stack, order.id);
    const viewed = trail.events.find((e) => e.kind === 'document_viewed');
    expect(viewed?.details?.sha256).toBe(doc.sha256);
    expect(sha256(await fetchBytes(String(done.original_file_url)))).toBe(doc.sha256);

    const sealed = await fetchBytes(String(done.signed_file_url));
    expect(sha256(sealed)).toBe(done.signed_sha256);
    expect(activeMarkers(sealed)).toEqual([]);
    expect(poppler('pdfdetach', 'sealed.pdf', sealed)).toContain('0 embedded files');
    expect(poppler('pdftotext', 'sealed.pdf', sealed)).toContain('Contrato con contenido activo');
    const file = join(dir, 'sealed-sig.pdf');
    writeFileSync(file, sealed);
    const sig = pdfsig(file);
    expect(sig).toContain('Signature is Valid.');
    expect(sig).toContain('Certificate is Trusted.');
  });

  it('keeps a Word file byte for byte (it is sealed inside an evidence PDF)', async () => {
    const word = docx();
    const doc = await uploadAndComplete('contrato.docx', word, 'docx');
    expect(doc.sha256).toBe(sha256(word));
    const item = await storedDocument(stack, doc.id, subOf(user.accessToken));
    expect((await objectBytes(stack, item.key ?? ''))?.equals(word)).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '../../functions/platform/limits.js';
import {
  DOCUMENT_TYPES,
  type DocumentView,
  MAX_DOCUMENT_BYTES,
} from '../../shared/contract/documents.js';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import {
  completeUpload,
  contractPdf,
  createUpload,
  decodePolicy,
  docx,
  encryptedPdf,
  legacyDoc,
  lockDocument,
  objectBytes,
  objectExists,
  objectKeys,
  postToStorage,
  sha256Hex,
  storedDocument,
  tamperObject,
  uploadDocument,
  zip,
} from '../support/documents.js';
import { grantCredits, subOf } from '../support/ledger.js';
import { keptPdf } from '../support/pdf-active.js';

const stack = inject('stack');
const call = api(stack);

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([
    newConfirmedUser(stack, 'Documentos'),
    newConfirmedUser(stack, 'Otra'),
  ]);
});

/** Creates an upload and posts `bytes` to it; returns the document id and its object key. */
async function upload(fileName: string, bytes: Uint8Array, contentType: string, size?: number) {
  const created = await createUpload(stack, owner.accessToken, {
    file_name: fileName,
    content_type: contentType,
    size: size ?? bytes.length,
  });
  expect(created.status).toBe(201);
  expect(await postToStorage(created.body.upload, bytes, contentType)).toBe(204);
  return { id: created.body.document.id, key: created.body.upload.fields.key as string };
}

describe('upload a PDF through the presigned POST', () => {
  it('registers the document under the caller’s folder with a POST limited to its type and size', async () => {
    const bytes = await contractPdf();
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'carpeta/Contrato de arriendo.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    expect(created.status).toBe(201);
    const { document, upload: post } = created.body;
    expect(document).toMatchObject({
      file_name: 'Contrato de arriendo.pdf',
      size: bytes.length,
      content_type: 'application/pdf',
      kind: 'pdf',
      status: 'uploading',
    });
    expect(document.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const key = post.fields.key as string;
    expect(key).toBe(`incoming/${subOf(owner.accessToken)}/${document.id}.pdf`);
    expect(post.fields['Content-Type']).toBe('application/pdf');
    const policy = decodePolicy(post.fields);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, MAX_DOCUMENT_BYTES]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    expect(policy.conditions).toContainEqual({ key });
    expect(policy.conditions).toContainEqual({ bucket: stack.bucketName });
    const validFor = (Date.parse(policy.expiration) - Date.now()) / 1000;
    expect(validFor).toBeGreaterThan(540);
    expect(validFor).toBeLessThanOrEqual(600);

    // Before the file arrives, the document cannot be completed.
    const early = await completeUpload(stack, owner.accessToken, document.id);
    expect(early.status).toBe(409);
    expect((early.body as unknown as ErrorBody).error.message).toBe(es.documents.notUploaded);

    expect(await postToStorage(post, bytes, 'application/pdf')).toBe(204);
    const done = await completeUpload(stack, owner.accessToken, document.id);
    expect(done.status).toBe(200);
    // A PDF is kept as the check rewrote it, without active content (docs/security.md).
    const kept = await keptPdf(bytes);
    expect(done.body.document).toMatchObject({
      id: document.id,
      status: 'ready',
      size: kept.length,
      sha256: sha256Hex(kept),
    });
    expect(document.sha256).toBeNull();
    // Completing again answers the same.
    const again = await completeUpload(stack, owner.accessToken, document.id);
    expect(again.body.document).toEqual(done.body.document);

    // The preview link serves the very bytes, inline, as a PDF.
    const view = await call<{ document: DocumentView; view_url: string; expires_in: number }>(
      'GET',
      `/api/documents/${document.id}`,
      { token: owner.accessToken },
    );
    expect(view.status).toBe(200);
    expect(view.body.expires_in).toBe(300);
    expect(view.body.document).toEqual(done.body.document);
    const url = new URL(view.body.view_url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toMatch(
      /^inline; filename="Contrato de arriendo.pdf"/,
    );
    const file = await fetch(view.body.view_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await file.arrayBuffer()).equals(kept)).toBe(true);
  });

  it('accepts real DOCX and DOC files, offered as downloads', async () => {
    const word = docx();
    const a = await upload('informe.docx', word, DOCUMENT_TYPES.docx);
    const doneA = await completeUpload(stack, owner.accessToken, a.id);
    expect(doneA.status).toBe(200);
    expect(doneA.body.document).toMatchObject({ kind: 'docx', status: 'ready', size: word.length });

    const old = legacyDoc();
    const b = await upload('antiguo.doc', old, DOCUMENT_TYPES.doc);
    const doneB = await completeUpload(stack, owner.accessToken, b.id);
    expect(doneB.status).toBe(200);
    expect(doneB.body.document).toMatchObject({ kind: 'doc', status: 'ready' });

    const view = await call<{ view_url: string }>('GET', `/api/documents/${a.id}`, {
      token: owner.accessToken,
    });
    const file = await fetch(view.body.view_url);
    expect(file.headers.get('content-type')).toBe(DOCUMENT_TYPES.docx);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="informe.docx"/);
    expect(Buffer.from(await file.arrayBuffer()).equals(word)).toBe(true);
  });

  it('types a Word file by its extension when the browser sends no type', async () => {
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'sin-tipo.docx',
      content_type: '',
      size: 100,
    });
    expect(created.status).toBe(201);
    expect(created.body.document.content_type).toBe(DOCUMENT_TYPES.docx);
    expect(created.body.upload.fields['Content-Type']).toBe(DOCUMENT_TYPES.docx);
  });
});

describe('uploads that are refused', () => {
  it('refuses other extensions and a type that does not match the name', async () => {
    for (const [file_name, content_type] of [
      ['programa.exe', 'application/pdf'],
      ['notas.txt', 'text/plain'],
      ['contrato.pdf.exe', 'application/octet-stream'],
      ['contrato.pdf', 'application/msword'],
      ['contrato.pdf', ''],
    ] as const) {
      const res = await createUpload(stack, owner.accessToken, {
        file_name,
        content_type,
        size: 10,
      });
      expect(res.status).toBe(400);
      expect((res.body as unknown as ErrorBody).error.message).toBe(es.documents.invalidType);
    }
  });

  it('refuses a declared size above 10 MB or an empty file', async () => {
    const big = await createUpload(stack, owner.accessToken, {
      file_name: 'grande.pdf',
      content_type: 'application/pdf',
      size: MAX_DOCUMENT_BYTES + 1,
    });
    expect(big.status).toBe(400);
    expect((big.body as unknown as ErrorBody).error.message).toBe(es.documents.tooLarge);
    const empty = await createUpload(stack, owner.accessToken, {
      file_name: 'vacio.pdf',
      content_type: 'application/pdf',
      size: 0,
    });
    expect(empty.status).toBe(400);
    expect((empty.body as unknown as ErrorBody).error.message).toBe(es.documents.empty);
  });

  it('refuses a file named .pdf that is not a PDF, and deletes it', async () => {
    const { id, key } = await upload(
      'falso.pdf',
      Buffer.from('MZ\x90\x00 no soy un PDF'),
      'application/pdf',
    );
    expect(await objectExists(stack, key)).toBe(true);
    const res = await completeUpload(stack, owner.accessToken, id);
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).error).toEqual({
      code: 'BUSINESS_RULE',
      message: es.documents.contentMismatch,
    });
    expect(await objectExists(stack, key)).toBe(false);
    const gone = await call('GET', `/api/documents/${id}`, { token: owner.accessToken });
    expect(gone.status).toBe(404);
  });

  it('refuses a .docx that is a ZIP without a Word document, and a PDF renamed .docx', async () => {
    const notWord = zip([{ name: 'hoja.xml', data: Buffer.from('<x/>') }]);
    const a = await upload('planilla.docx', notWord, DOCUMENT_TYPES.docx);
    expect((await completeUpload(stack, owner.accessToken, a.id)).status).toBe(422);
    expect(await objectExists(stack, a.key)).toBe(false);
    const b = await upload('contrato.docx', await contractPdf(), DOCUMENT_TYPES.docx);
    const res = await completeUpload(stack, owner.accessToken, b.id);
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).error.message).toBe(es.documents.contentMismatch);
  });

  it('refuses an encrypted PDF, with or without a password to open it, saying what to do', async () => {
    for (const [name, bytes] of [
      ['con-clave.pdf', await encryptedPdf({ userPassword: '1234' })],
      ['restringido.pdf', await encryptedPdf({})],
    ] as const) {
      const { id, key } = await upload(name, bytes, 'application/pdf');
      const res = await completeUpload(stack, owner.accessToken, id);
      expect(res.status, name).toBe(422);
      expect((res.body as unknown as ErrorBody).error).toEqual({
        code: 'BUSINESS_RULE',
        message: es.documents.pdfEncrypted,
      });
      expect(await objectExists(stack, key)).toBe(false);
    }
  });

  it('refuses a PDF the seal cannot open, and keeps a real one', async () => {
    const corpus = (f: string) => readFileSync(new URL(`../fuzz/corpus/${f}`, import.meta.url));
    const broken = await upload('roto.pdf', corpus('random-with-header.pdf'), 'application/pdf');
    const res = await completeUpload(stack, owner.accessToken, broken.id);
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).error.message).toBe(es.documents.pdfUnloadable);
    // A real contract still passes.
    const good = await upload('bueno.pdf', await contractPdf(), 'application/pdf');
    expect((await completeUpload(stack, owner.accessToken, good.id)).status).toBe(200);
  });

  it('refuses 10 MB + 1 byte uploaded under a smaller declared size (s3rver ignores the policy)', async () => {
    const pdf = Buffer.from(await contractPdf());
    const bytes = Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - pdf.length, 0x20)]);
    expect(bytes.length).toBe(MAX_DOCUMENT_BYTES + 1);
    const { id, key } = await upload('enorme.pdf', bytes, 'application/pdf', 1000);
    const res = await completeUpload(stack, owner.accessToken, id);
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).error.message).toBe(es.documents.tooLarge);
    expect(await objectExists(stack, key)).toBe(false);
  });
});

describe('delete', () => {
  it('deletes one of the caller’s documents: the item and the file', async () => {
    const { id } = await upload('borrar.pdf', await contractPdf(), 'application/pdf');
    expect((await completeUpload(stack, owner.accessToken, id)).status).toBe(200);
    const { key } = await storedDocument(stack, id, subOf(owner.accessToken));
    expect(await objectExists(stack, key ?? '')).toBe(true);
    const res = await call('DELETE', `/api/documents/${id}`, { token: owner.accessToken });
    expect(res.status).toBe(204);
    expect(await objectExists(stack, key ?? '')).toBe(false);
    expect((await call('GET', `/api/documents/${id}`, { token: owner.accessToken })).status).toBe(
      404,
    );
    const again = await call<ErrorBody>('DELETE', `/api/documents/${id}`, {
      token: owner.accessToken,
    });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(es.documents.deleteForbidden);
  });

  it('keeps the file of a paid order (locked)', async () => {
    const doc = await uploadDocument(stack, owner.accessToken, 'pagado.pdf', await contractPdf());
    await lockDocument(stack, doc.id, subOf(owner.accessToken));
    const res = await call<ErrorBody>('DELETE', `/api/documents/${doc.id}`, {
      token: owner.accessToken,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(es.documents.locked);
    expect(
      (await call('GET', `/api/documents/${doc.id}`, { token: owner.accessToken })).status,
    ).toBe(200);
  });

  it('cannot lock another user’s document', async () => {
    const doc = await uploadDocument(stack, owner.accessToken, 'ajeno.pdf', await contractPdf());
    await expect(lockDocument(stack, doc.id, subOf(other.accessToken))).rejects.toThrow();
  });
});

describe('another user’s document', () => {
  it('is not found for get, complete and delete, and stays intact', async () => {
    const { id, key } = await upload('privado.pdf', await contractPdf(), 'application/pdf');
    const theirs = { token: other.accessToken };
    const get = await call<ErrorBody>('GET', `/api/documents/${id}`, theirs);
    expect(get.status).toBe(404);
    const complete = await call<ErrorBody>('POST', `/api/documents/${id}/complete`, theirs);
    expect(complete.status).toBe(404);
    const del = await call<ErrorBody>('DELETE', `/api/documents/${id}`, theirs);
    expect(del.status).toBe(404);
    expect(del.body.error).toEqual({ code: 'NOT_FOUND', message: es.documents.deleteForbidden });
    // The same answer as for an id that does not exist: nothing is revealed.
    const unknown = await call<ErrorBody>(
      'DELETE',
      '/api/documents/AAAAAAAAAAAAAAAAAAAAAA',
      theirs,
    );
    expect(unknown.body).toEqual(del.body);
    expect(await objectExists(stack, key)).toBe(true);
    expect((await completeUpload(stack, owner.accessToken, id)).status).toBe(200);
  });

  it('answers 404 for malformed ids', async () => {
    for (const id of ['x', '..%2F..%2Fetc', 'A'.repeat(100)]) {
      const res = await call('GET', `/api/documents/${id}`, { token: owner.accessToken });
      expect(res.status).toBe(404);
    }
  });
});

describe('a checked file can no longer change', () => {
  const sub = () => subOf(owner.accessToken);
  const html = Buffer.from('<html><script>alert("otro archivo")</script></html>');

  /** The preview link's bytes. */
  async function previewBytes(id: string): Promise<Buffer> {
    const view = await call<{ view_url: string }>('GET', `/api/documents/${id}`, {
      token: owner.accessToken,
    });
    expect(view.status).toBe(200);
    const file = await fetch(view.body.view_url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    return Buffer.from(await file.arrayBuffer());
  }

  it('keeps the checked bytes under a final key with their SHA-256 and drops the incoming object', async () => {
    const bytes = Buffer.from(await contractPdf());
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'huella.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    const incoming = created.body.upload.fields.key as string;
    expect(await postToStorage(created.body.upload, bytes, 'application/pdf')).toBe(204);
    const done = await completeUpload(stack, owner.accessToken, created.body.document.id);
    const kept = await keptPdf(bytes);
    expect(done.body.document.sha256).toBe(sha256Hex(kept));
    const item = await storedDocument(stack, created.body.document.id, sub());
    expect(item.key).toMatch(
      new RegExp(`^documents/${sub()}/${created.body.document.id}/[0-9a-f]{16}\\.pdf$`),
    );
    expect(item.sha256).toBe(sha256Hex(kept));
    expect(item.etag).toBeTruthy();
    expect(sha256Hex((await objectBytes(stack, item.key ?? '')) ?? Buffer.alloc(0))).toBe(
      item.sha256,
    );
    expect(await objectExists(stack, incoming)).toBe(false);
    // The presigned POST can name only the incoming key, exactly.
    expect(decodePolicy(created.body.upload.fields).conditions).toContainEqual([
      'eq',
      '$key',
      incoming,
    ]);
  });

  it('ignores the presigned POST replayed after /complete with other bytes', async () => {
    const bytes = Buffer.from(await contractPdf());
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'original.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    const id = created.body.document.id;
    expect(await postToStorage(created.body.upload, bytes, 'application/pdf')).toBe(204);
    expect((await completeUpload(stack, owner.accessToken, id)).status).toBe(200);
    const before = await storedDocument(stack, id, sub());

    // The same form again, an HTML page this time: S3 takes it (the POST is still valid)...
    expect(await postToStorage(created.body.upload, html, 'application/pdf')).toBe(204);
    // ...but nothing reads the incoming key: the preview serves the checked file.
    const kept = await keptPdf(bytes);
    expect((await previewBytes(id)).equals(kept)).toBe(true);
    const again = await completeUpload(stack, owner.accessToken, id);
    expect(again.status).toBe(200);
    expect(again.body.document.sha256).toBe(sha256Hex(kept));
    const after = await storedDocument(stack, id, sub());
    expect(after).toEqual(before);
    expect(sha256Hex((await objectBytes(stack, after.key ?? '')) ?? Buffer.alloc(0))).toBe(
      before.sha256,
    );
    // The repeated /complete deleted the replayed upload.
    expect(await objectExists(stack, created.body.upload.fields.key as string)).toBe(false);
  });

  it('ignores it too once a paid order locked the document', async () => {
    const bytes = Buffer.from(await contractPdf(['CONTRATO PAGADO', 'Firmado en Santiago.']));
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'pedido.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    const id = created.body.document.id;
    expect(await postToStorage(created.body.upload, bytes, 'application/pdf')).toBe(204);
    const done = await completeUpload(stack, owner.accessToken, id);
    await lockDocument(stack, id, sub());
    expect(await postToStorage(created.body.upload, html, 'application/pdf')).toBe(204);
    expect((await previewBytes(id)).equals(await keptPdf(bytes))).toBe(true);
    const after = await storedDocument(stack, id, sub());
    expect(after.locked).toBe(true);
    expect(after.sha256).toBe(done.body.document.sha256);
    expect(sha256Hex((await objectBytes(stack, after.key ?? '')) ?? Buffer.alloc(0))).toBe(
      after.sha256,
    );
  });

  it('makes one document of 100 concurrent /complete calls raced by replayed uploads', async () => {
    const first = Buffer.from(await contractPdf(['PRIMERA VERSION']));
    const second = Buffer.from(await contractPdf(['SEGUNDA VERSION']));
    const created = await createUpload(stack, owner.accessToken, {
      file_name: 'carrera.pdf',
      content_type: 'application/pdf',
      size: first.length,
    });
    const id = created.body.document.id;
    expect(await postToStorage(created.body.upload, first, 'application/pdf')).toBe(204);
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, () => completeUpload(stack, owner.accessToken, id))),
      Promise.all(
        Array.from({ length: 5 }, () =>
          postToStorage(created.body.upload, second, 'application/pdf'),
        ),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const hashes = new Set(answers.map((a) => a.body.document.sha256));
    expect(hashes.size).toBe(1);
    const item = await storedDocument(stack, id, sub());
    expect([sha256Hex(await keptPdf(first)), sha256Hex(await keptPdf(second))]).toContain(
      item.sha256,
    );
    expect([...hashes]).toEqual([item.sha256]);
    // Exactly one final object (the losers removed theirs), holding the recorded bytes.
    expect(await objectKeys(stack, `documents/${sub()}/${id}/`)).toEqual([item.key]);
    const kept = (await objectBytes(stack, item.key ?? '')) ?? Buffer.alloc(0);
    expect(sha256Hex(kept)).toBe(item.sha256);
    expect((await previewBytes(id)).equals(kept)).toBe(true);
  });

  it('refuses to analyse bytes that no longer match their hash, and charges nothing', async () => {
    await grantCredits(stack, owner.accessToken, 5);
    const doc = await uploadDocument(stack, owner.accessToken, 'sellado.pdf', await contractPdf());
    const item = await storedDocument(stack, doc.id, sub());
    await tamperObject(stack, item.key ?? '', await contractPdf(['OTRO CONTENIDO']));
    const res = await call<ErrorBody>('POST', `/api/documents/${doc.id}/analysis`, {
      token: owner.accessToken,
      body: { country_id: 'cl', idempotency_key: crypto.randomUUID() },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(es.documents.integrity);
  });

  it('keeps every link of a foreign user a 404', async () => {
    const doc = await uploadDocument(stack, owner.accessToken, 'mio.pdf', await contractPdf());
    const theirs = { token: other.accessToken };
    expect((await call('GET', `/api/documents/${doc.id}`, theirs)).status).toBe(404);
    expect((await call('POST', `/api/documents/${doc.id}/complete`, theirs)).status).toBe(404);
    const analysis = await call('POST', `/api/documents/${doc.id}/analysis`, {
      ...theirs,
      body: { country_id: 'cl', idempotency_key: crypto.randomUUID() },
    });
    expect(analysis.status).toBe(404);
  });
});

describe('daily limits', () => {
  it(`answers 429 past ${LIMITS.uploadsPerUser.limit} upload starts a day`, async () => {
    const user = await newConfirmedUser(stack, 'Subidas');
    const start = () =>
      createUpload(stack, user.accessToken, {
        file_name: 'muchos.pdf',
        content_type: 'application/pdf',
        size: 100,
      });
    for (let batch = 0; batch < LIMITS.uploadsPerUser.limit / 20; batch++) {
      const res = await Promise.all(Array.from({ length: 20 }, start));
      expect(res.map((r) => r.status)).toEqual(res.map(() => 201));
    }
    const over = await start();
    expect(over.status).toBe(429);
    expect((over.body as unknown as ErrorBody).error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: es.documents.uploadLimit,
    });
    // Another user is not affected.
    expect(
      (
        await createUpload(stack, other.accessToken, {
          file_name: 'otro.pdf',
          content_type: 'application/pdf',
          size: 100,
        })
      ).status,
    ).toBe(201);
  });

  it(`answers 429 past ${LIMITS.analysesPerUser.limit} analysis attempts a day`, async () => {
    const user = await newConfirmedUser(stack, 'Analisis');
    const doc = await uploadDocument(stack, user.accessToken, 'a.pdf', await contractPdf());
    const attempt = () =>
      call<ErrorBody>('POST', `/api/documents/${doc.id}/analysis`, {
        token: user.accessToken,
        body: { country_id: 'cl', idempotency_key: crypto.randomUUID() },
      });
    // Without credits each attempt is refused, and counted.
    for (let batch = 0; batch < LIMITS.analysesPerUser.limit / 10; batch++) {
      const res = await Promise.all(Array.from({ length: 10 }, attempt));
      expect(res.map((r) => r.body.error.code)).toEqual(res.map(() => 'INSUFFICIENT_CREDITS'));
    }
    const over = await attempt();
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: es.documents.analysisLimit,
    });
  });
});

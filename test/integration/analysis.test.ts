import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { es, fmt } from '../../shared/messages.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import {
  completeUpload,
  contractPdf,
  createUpload,
  docx,
  postToStorage,
  uploadDocument,
} from '../support/documents.js';
import { grantCredits, walletOf } from '../support/ledger.js';

const stack = inject('stack');
const call = api(stack);

interface Analysis {
  markdown: string;
  credits_charged: number;
  balance: number;
}
type ErrorBody = { error: { code: string; message: string } };

const analyze = (token: string, id: string, country_id = 'cl', idempotency_key = randomUUID()) =>
  call<Analysis & ErrorBody>('POST', `/api/documents/${id}/analysis`, {
    token,
    body: { country_id, idempotency_key },
  });

let user: TestUser;
let pdfId: string;

beforeAll(async () => {
  user = await newConfirmedUser(stack, 'Analisis');
  pdfId = (await uploadDocument(stack, user.accessToken, 'contrato.pdf', await contractPdf())).id;
});

describe('AI analysis: who and where', () => {
  it('is refused in a country without it, with the country’s own message or the default one', async () => {
    // Credits are not what is missing here.
    await grantCredits(stack, user.accessToken, 10);
    const spain = await analyze(user.accessToken, pdfId, 'es');
    expect(spain.status).toBe(422);
    expect(spain.body.error).toEqual({
      code: 'BUSINESS_RULE',
      message: 'El análisis con IA estará disponible pronto en España.',
    });
    const mexico = await analyze(user.accessToken, pdfId, 'mx');
    expect(mexico.status).toBe(422);
    expect(mexico.body.error.message).toBe(es.documents.analysisUnavailable);
    for (const country of ['uy', 'zz']) {
      const res = await analyze(user.accessToken, pdfId, country);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toBe(es.documents.analysisUnavailable);
    }
  });

  it('needs enough credits for the ai_document_analysis rule (5), and says how many', async () => {
    const poor = await newConfirmedUser(stack, 'SinCreditos');
    const doc = await uploadDocument(stack, poor.accessToken, 'contrato.pdf', await contractPdf());
    const none = await analyze(poor.accessToken, doc.id);
    expect(none.status).toBe(422);
    expect(none.body.error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'Necesitas 5 créditos para usar el análisis de IA. Tu balance actual es 0 créditos.',
    });
    await grantCredits(stack, poor.accessToken, 3);
    const some = await analyze(poor.accessToken, doc.id);
    expect(some.body.error.message).toBe(fmt(es.documents.analysisCredits, { n: 5, balance: 3 }));
    expect((await walletOf(stack, poor.accessToken)).balance).toBe(3);
  });

  it('needs a checked document of the caller', async () => {
    const created = await createUpload(stack, user.accessToken, {
      file_name: 'pendiente.pdf',
      content_type: 'application/pdf',
      size: 100,
    });
    const pending = await analyze(user.accessToken, created.body.document.id);
    expect(pending.status).toBe(422);
    expect(pending.body.error.message).toBe(es.documents.noDocument);
    const unknown = await analyze(user.accessToken, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(es.documents.noDocument);
  });
});

describe('AI analysis: result and credits', () => {
  it('reports the document’s facts and charges 5 credits once per idempotency key', async () => {
    const start = (await walletOf(stack, user.accessToken)).balance;
    await grantCredits(stack, user.accessToken, 12);
    const key = randomUUID();
    const first = await analyze(user.accessToken, pdfId, 'cl', key);
    expect(first.status).toBe(200);
    expect(first.body.credits_charged).toBe(5);
    expect(first.body.balance).toBe(start + 12 - 5);
    const md = first.body.markdown;
    expect(md).toContain('- **Archivo:** contrato.pdf');
    expect(md).toContain('- **Páginas:** 2');
    expect(md).toContain('- **País:** Chile');
    expect(md).toContain('- Juan Pérez Soto');
    expect(md).toContain('- MARÍA GONZÁLEZ LÓPEZ');
    expect(md).toContain('- 12.345.678-5 — válido');
    expect(md).toContain('- 11.111.111-2 — dígito verificador inválido');
    expect(md).toContain('- 12 de marzo de 2025');
    expect(md).toContain('- 05/04/2025');
    expect(md).toContain('- 2025-04-01');
    expect(md).toContain('- $ 450.000');
    expect(md).toContain('- UF 15,5');

    // The same key again: the same report, no second charge.
    const again = await analyze(user.accessToken, pdfId, 'cl', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(start + 12 - 5);

    // The ledger shows one usage for it.
    const tx = await call<{
      transactions: { amount: number; related_entity_type: string; description: string }[];
    }>('GET', '/api/credits/transactions?type=usage', { token: user.accessToken });
    const usages = tx.body.transactions.filter(
      (t) => t.related_entity_type === 'document_analysis',
    );
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({
      amount: -5,
      description: fmt(es.documents.analysisDescription, { name: 'contrato.pdf' }),
    });

    // A new key is a new analysis, charged again.
    const second = await analyze(user.accessToken, pdfId, 'cl');
    expect(second.status).toBe(200);
    expect(second.body.markdown).toBe(md);
    expect(second.body.balance).toBe(start + 12 - 10);
  });

  it('analyses a DOCX', async () => {
    await grantCredits(stack, user.accessToken, 5);
    const doc = await uploadDocument(stack, user.accessToken, 'informe.docx', docx(), 'docx');
    const res = await analyze(user.accessToken, doc.id);
    expect(res.status).toBe(200);
    expect(res.body.markdown).toContain('- **Tipo:** DOCX');
    expect(res.body.markdown).toContain('- 12.345.678-5 — válido');
  });

  it('charges nothing when the analysis fails', async () => {
    await grantCredits(stack, user.accessToken, 5);
    // A PDF the seal's library opens (it passes the upload check) whose text pdf.js cannot
    // read in its budget: a ToUnicode CMap that maps 16 million codes, 40 times.
    const broken = readFileSync(new URL('../fuzz/corpus/cmap-loop.pdf', import.meta.url));
    const created = await createUpload(stack, user.accessToken, {
      file_name: 'danado.pdf',
      content_type: 'application/pdf',
      size: broken.length,
    });
    await postToStorage(created.body.upload, broken, 'application/pdf');
    expect((await completeUpload(stack, user.accessToken, created.body.document.id)).status).toBe(
      200,
    );
    const before = (await walletOf(stack, user.accessToken)).balance;
    const res = await analyze(user.accessToken, created.body.document.id);
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 'BUSINESS_RULE',
      message: fmt(es.documents.analysisError, { message: es.documents.analysisTooComplex }),
    });
    expect((await walletOf(stack, user.accessToken)).balance).toBe(before);
  });

  it('refuses an idempotency key already used for another document', async () => {
    await grantCredits(stack, user.accessToken, 5);
    const key = randomUUID();
    expect((await analyze(user.accessToken, pdfId, 'cl', key)).status).toBe(200);
    const doc = await uploadDocument(stack, user.accessToken, 'otro.docx', docx(), 'docx');
    const before = (await walletOf(stack, user.accessToken)).balance;
    const res = await analyze(user.accessToken, doc.id, 'cl', key);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(es.documents.analysisKeyReused);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(before);
  });

  it('charges once for concurrent calls with the same key', async () => {
    await grantCredits(stack, user.accessToken, 5);
    const before = (await walletOf(stack, user.accessToken)).balance;
    const key = randomUUID();
    const results = await Promise.all(
      [1, 2, 3].map(() => analyze(user.accessToken, pdfId, 'cl', key)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.markdown)).size).toBe(1);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(before - 5);
  });
});

describe('AI analysis of another user’s document', () => {
  it('is not found and charges nobody', async () => {
    const other = await newConfirmedUser(stack, 'Curioso');
    await grantCredits(stack, other.accessToken, 10);
    const ownerBefore = (await walletOf(stack, user.accessToken)).balance;
    const res = await analyze(other.accessToken, pdfId);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(es.documents.noDocument);
    expect((await walletOf(stack, other.accessToken)).balance).toBe(10);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(ownerBefore);
  });
});

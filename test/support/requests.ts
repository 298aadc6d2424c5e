import type { StackInfo } from '../../local/stack.js';
import type { CountryService } from '../../shared/contract/catalog.js';
import type { SigningRequest } from '../../shared/contract/requests.js';
import { api } from './client.js';
import { subOf } from './ledger.js';

/**
 * Helpers of the requests tests: a catalogue fixture for the pure rule tests, a ready document
 * through the real documents API, the catalogue's ids by code, and "paid" for a request the way
 * checkout marks it (the repository's own transaction element, no keys built here).
 */

/** A service at its price in a country, as the catalogue answers it. */
export const catalogService = (
  id: string,
  code: string,
  category: CountryService['category'],
  price = 1000,
  pricing_model: CountryService['pricing_model'] = 'per_signer',
): CountryService => ({
  id,
  code,
  name: code,
  description: `${code} description`,
  category,
  is_combinable: true,
  is_standalone: false,
  flows: ['document_legalization'],
  price,
  currency_code: 'CLP',
  pricing_model,
  // The wizard's rules are about choices that can be sold; availability has its own tests.
  available: true,
});

/** A small but real PDF (header, one page, trailer). */
export function tinyPdf(text = 'Contrato de prueba'): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

interface UploadAnswer {
  document: { id: string; status: string };
  upload: { url: string; fields: Record<string, string> };
}

/** Uploads a PDF as the browser does (presigned POST) and completes it: a ready document id. */
export async function readyDocument(
  stack: StackInfo,
  token: string,
  fileName = 'contrato.pdf',
  complete = true,
): Promise<string> {
  const call = api(stack);
  const bytes = tinyPdf();
  const created = await call<UploadAnswer>('POST', '/api/documents', {
    token,
    body: { file_name: fileName, content_type: 'application/pdf', size: bytes.length },
  });
  if (created.status !== 200 && created.status !== 201) {
    throw new Error(`create upload ${created.status} ${JSON.stringify(created.body)}`);
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(created.body.upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName);
  const up = await fetch(created.body.upload.url, { method: 'POST', body: form });
  if (!up.ok) throw new Error(`upload ${up.status} ${await up.text()}`);
  const id = created.body.document.id;
  if (complete) {
    let done = await call('POST', `/api/documents/${id}/complete`, { token });
    // A 503 is the API's "nothing changed, send it again" (its deadline passed, e.g. the
    // reader child slow to start on a loaded machine): sent again, as a client would.
    for (let retry = 0; done.status === 503 && retry < 3; retry++) {
      done = await call('POST', `/api/documents/${id}/complete`, { token });
    }
    if (done.status !== 200)
      throw new Error(`complete ${done.status} ${JSON.stringify(done.body)}`);
  }
  return id;
}

/** Service ids of a country's catalogue by code (sin_notario, firma_autorizada, fea...). */
export async function serviceIds(stack: StackInfo, countryId: string) {
  const res = await api(stack)<{
    notarial_services: CountryService[];
    signature_types: CountryService[];
  }>('GET', `/api/catalog/services?country_id=${countryId}`);
  if (res.status !== 200) throw new Error(`catalogue ${res.status}`);
  const all = [...res.body.notarial_services, ...res.body.signature_types];
  const byCode = Object.fromEntries(all.map((s) => [s.code, s])) as Record<string, CountryService>;
  return {
    id: (code: string) => {
      const s = byCode[code];
      if (!s) throw new Error(`no service ${code} in ${countryId}`);
      return s.id;
    },
    service: (code: string) => byCode[code] as CountryService,
  };
}

export type RequestAnswer = { request: SigningRequest };

function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
  });
}

/** Marks a request paid exactly as checkout's transaction does (markPaidUpdate). */
export async function markPaid(stack: StackInfo, token: string, requestId: string) {
  pointAt(stack);
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db } = await import('../../functions/platform/db.js');
  const repo = await import('../../functions/requests/repo.js');
  const req = await repo.getOwnedRequest(requestId, subOf(token));
  if (!req) throw new Error('request not found');
  const order = { id: `order-${requestId.slice(0, 8)}`, order_number: 'ORD-TEST-000001' };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [repo.markPaidUpdate(req, order, new Date().toISOString())],
    }),
  );
  return order;
}

/**
 * Test-only (issue 21): turns every seeded service's availability on, for a file that tests the
 * wizard's rules about options not delivered yet (notary-authorized → Clave Única, FEA RUTs).
 * Files run one at a time on the shared stack; `restore` puts the seed's flags back in afterAll,
 * so the other files see the real catalogue.
 */
export async function deliverEveryService(stack: StackInfo) {
  pointAt(stack);
  const repo = await import('../../functions/catalog/services-repo.js');
  const { defaultServices } = await import('../../functions/catalog/default-services.js');
  await Promise.all(defaultServices.map((s) => repo.putService({ ...s, available: true })));
  return {
    restore: async () => {
      pointAt(stack);
      await Promise.all(defaultServices.map((s) => repo.putService(s)));
    },
  };
}

/**
 * A service sold in one country only (the seed prices every service in every country), so a
 * test can name a service "of another country"; with `available: false`, one listed as
 * 'Próximamente' (every seeded signature type is delivered). Written through the catalogue's
 * own writers.
 */
export async function serviceOnlyIn(
  stack: StackInfo,
  countryId: string,
  currencyCode: string,
  category: CountryService['category'] = 'notarial_service',
  available = true,
) {
  pointAt(stack);
  const repo = await import('../../functions/catalog/services-repo.js');
  const id = `svc-test-${Math.random().toString(36).slice(2, 10)}`;
  const service = {
    id,
    code: `test_${id}`,
    name: 'Servicio de prueba',
    description: 'Solo para pruebas',
    category,
    is_combinable: true,
    is_standalone: true,
    flows: ['document_legalization'],
    sort_order: 99,
    is_active: true,
    available,
  };
  await repo.putService(service);
  await repo.putServicePrice({
    service_id: id,
    country_id: countryId,
    price: 1000,
    currency_code: currencyCode,
    is_available: true,
    pricing_model: 'flat',
  });
  return {
    id,
    /** Takes it off sale again, so other test files see the seeded catalogue only. */
    retire: () => repo.putService({ ...service, is_active: false }),
  };
}

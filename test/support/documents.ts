import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { StackInfo } from '../../local/stack.js';
import { DOCUMENT_TYPES, type DocumentView } from '../../shared/contract/documents.js';
import { api } from './client.js';

/**
 * Document fixtures built in the test (real PDF, DOCX and DOC bytes) and the browser's upload
 * journey against a stack: create → multipart POST to the presigned URL → complete.
 */

/** Lines of the sample contract: two parties with RUTs (one valid), dates and amounts. */
export const CONTRACT_LINES = [
  'CONTRATO DE ARRENDAMIENTO',
  'En Santiago de Chile, a 12 de marzo de 2025, comparecen don Juan Pérez Soto, RUT 12.345.678-5,',
  'y doña MARÍA GONZÁLEZ LÓPEZ, RUT 11.111.111-2, quienes acuerdan lo siguiente.',
  'PRIMERO: La renta mensual es de $ 450.000, pagadera antes del 05/04/2025.',
  'SEGUNDO: La garantía asciende a UF 15,5 y el contrato rige desde 2025-04-01.',
];

/** A real two-page PDF (pdf-lib: compressed content and object streams) with the contract. */
export async function contractPdf(lines: string[] = CONTRACT_LINES): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage();
  lines.forEach((line, i) => {
    first.drawText(line, { x: 40, y: 780 - i * 18, size: 10, font });
  });
  doc
    .addPage()
    .drawText('Firmado en dos ejemplares de igual tenor.', { x: 40, y: 780, size: 10, font });
  return doc.save();
}

/** A PDF of `pages` pages that shows no text (what a scan without OCR looks like). */
export async function blankPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage();
  return doc.save();
}

/**
 * The contract PDF encrypted (AES-256): with a user password (it asks for one to open), or
 * with an owner password only (it opens, but is "restricted": no editing).
 */
export async function encryptedPdf(opts: { userPassword?: string }): Promise<Uint8Array> {
  const { PDFDocument: CantooPdf } = await import('@cantoo/pdf-lib');
  const doc = await CantooPdf.load(await contractPdf());
  doc.encrypt({
    ownerPassword: 'dueño-secreto',
    userPassword: opts.userPassword ?? '',
    permissions: { modifying: false },
  });
  return doc.save();
}

interface ZipFile {
  name: string;
  data: Buffer;
}

/** A minimal ZIP writer (deflate, no data descriptors), enough to build DOCX packages. */
export function zip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = deflateRawSync(f.data);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A real (minimal) Word document: [Content_Types].xml, _rels/.rels and word/document.xml. */
export function docx(paragraphs: string[] = CONTRACT_LINES): Buffer {
  const body = paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
    .join('');
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    },
  ]);
}

/**
 * The start of a Word 97-2003 file: the OLE2 compound-file signature and a directory entry
 * naming the WordDocument stream (what the server looks for), padded to 1.5 KB.
 */
export function legacyDoc(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  const directory = Buffer.alloc(1024);
  Buffer.from('Root Entry', 'utf16le').copy(directory, 0);
  Buffer.from('WordDocument', 'utf16le').copy(directory, 128);
  return Buffer.concat([header, directory]);
}

export interface CreatedUpload {
  document: DocumentView;
  upload: { url: string; fields: Record<string, string> };
}

export function createUpload(
  stack: StackInfo,
  token: string,
  body: { file_name: string; content_type: string; size: number },
) {
  return api(stack)<CreatedUpload & { error?: { code: string; message: string } }>(
    'POST',
    '/api/documents',
    { token, body },
  );
}

/** POSTs the file to the presigned URL as a browser form does: the fields, then the file. */
export async function postToStorage(
  upload: CreatedUpload['upload'],
  bytes: Uint8Array,
  contentType: string,
): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type: contentType }), 'archivo');
  const res = await fetch(upload.url, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

export function completeUpload(stack: StackInfo, token: string, id: string) {
  return api(stack)<{ document: DocumentView; error?: { code: string; message: string } }>(
    'POST',
    `/api/documents/${id}/complete`,
    { token },
  );
}

/** The whole journey; throws unless the document ends up ready. */
export async function uploadDocument(
  stack: StackInfo,
  token: string,
  fileName: string,
  bytes: Uint8Array,
  kind: keyof typeof DOCUMENT_TYPES = 'pdf',
): Promise<DocumentView> {
  const contentType = DOCUMENT_TYPES[kind];
  const created = await createUpload(stack, token, {
    file_name: fileName,
    content_type: contentType,
    size: bytes.length,
  });
  if (created.status !== 201) throw new Error(`create ${created.status}`);
  const posted = await postToStorage(created.body.upload, bytes, contentType);
  if (posted >= 300) throw new Error(`storage ${posted}`);
  const done = await completeUpload(stack, token, created.body.document.id);
  if (done.status !== 200) throw new Error(`complete ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.document;
}

/** Points this process's SDK clients at the stack's emulators (as the handlers are). */
async function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: stack.endpoints.s3,
    TABLE_NAME: stack.tableName,
    BUCKET_NAME: stack.bucketName,
  });
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
}

/** The bytes stored under `key` (undefined: none), through the app's storage helper. */
export async function storedBytes(stack: StackInfo, key: string): Promise<Uint8Array | undefined> {
  await pointAt(stack);
  const { readObject } = await import('../../functions/platform/storage.js');
  const bytes = await readObject(key);
  return bytes ? new Uint8Array(bytes) : undefined;
}

/** Whether the bucket holds an object under `key`, through the app's storage helper. */
export async function objectExists(stack: StackInfo, key: string): Promise<boolean> {
  await pointAt(stack);
  const { headObject } = await import('../../functions/platform/storage.js');
  return (await headObject(key)) !== undefined;
}

/** Locks a document as the orders domain does when an order using it is paid. */
export async function lockDocument(stack: StackInfo, docId: string, ownerSub: string) {
  await pointAt(stack);
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db } = await import('../../functions/platform/db.js');
  const { lockDocumentUpdate } = await import('../../functions/documents/repo.js');
  await db().send(
    new TransactWriteCommand({
      TransactItems: [lockDocumentUpdate(docId, ownerSub, undefined, 0)],
    }),
  );
}

/** The catalogue's prices for some services, as the requests and orders domains read them. */
export async function priceServicesOn(stack: StackInfo, countryId: string, ids: string[]) {
  await pointAt(stack);
  const { priceServices } = await import('../../functions/catalog/services-repo.js');
  return priceServices(countryId, ids);
}

/** The policy a presigned POST carries (base64 JSON), to check its conditions. */
export function decodePolicy(fields: Record<string, string>): {
  expiration: string;
  conditions: unknown[];
} {
  return JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8'));
}

/** The document's item as the documents domain stores it (keys, SHA-256, ETag). */
export async function storedDocument(stack: StackInfo, docId: string, ownerSub: string) {
  await pointAt(stack);
  const { getOwnedDocument } = await import('../../functions/documents/repo.js');
  const doc = await getOwnedDocument(docId, ownerSub);
  if (!doc) throw new Error(`document ${docId} not found`);
  return doc;
}

/** The bytes under `key`, read straight from the bucket (undefined when there are none). */
export async function objectBytes(stack: StackInfo, key: string): Promise<Buffer | undefined> {
  await pointAt(stack);
  const { readObject } = await import('../../functions/platform/storage.js');
  return readObject(key);
}

/** The keys of the bucket under `prefix`. */
export async function objectKeys(stack: StackInfo, prefix: string): Promise<string[]> {
  await pointAt(stack);
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ forcePathStyle: true });
  const res = await client.send(
    new ListObjectsV2Command({ Bucket: stack.bucketName, Prefix: prefix }),
  );
  return (res.Contents ?? []).map((o) => o.Key ?? '');
}

/** Writes `bytes` under `key` behind the app's back (what only a breach could do). */
export async function tamperObject(stack: StackInfo, key: string, bytes: Uint8Array) {
  await pointAt(stack);
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ forcePathStyle: true });
  await client.send(new PutObjectCommand({ Bucket: stack.bucketName, Key: key, Body: bytes }));
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The documents of `ownerSub` named `fileName`, found by scanning the table (a test may scan; a
 * request path never does): proves a refused upload left no item behind.
 */
export async function documentsNamed(stack: StackInfo, ownerSub: string, fileName: string) {
  await pointAt(stack);
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'owner_sub = :s AND file_name = :f',
        ExpressionAttributeValues: { ':s': ownerSub, ':f': fileName },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

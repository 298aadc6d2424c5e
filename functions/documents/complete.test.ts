import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentItem } from './repo.js';

/**
 * /complete while a replayed upload is being written (s3rver truncates the object first, so a
 * HEAD in that moment says 0 bytes): the check waits for whole bytes and keeps the document,
 * instead of refusing it as empty and deleting it under a concurrent winner.
 */
const storage = {
  headObject: vi.fn(),
  readWholeObject: vi.fn(),
  putObject: vi.fn(),
  deleteObject: vi.fn(),
};
const repo = { getOwnedDocument: vi.fn(), markReady: vi.fn(), deleteUncheckedItem: vi.fn() };
const checks = { realKind: vi.fn(), checkedPdf: vi.fn() };
vi.mock('../platform/storage.js', async (actual) => ({ ...(await actual<object>()), ...storage }));
vi.mock('./repo.js', async (actual) => ({ ...(await actual<object>()), ...repo }));
vi.mock('./content-check.js', async (actual) => ({ ...(await actual<object>()), ...checks }));

const { completeUpload } = await import('./complete.js');

const doc: DocumentItem = {
  id: 'doc_0123456789abcdef',
  owner_sub: 'u1',
  upload_key: 'incoming/u1/doc_0123456789abcdef.pdf',
  file_name: 'contrato.pdf',
  size: 9,
  content_type: 'application/pdf',
  kind: 'pdf',
  status: 'uploading',
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  expires_at: 4_102_444_800,
};
const pdf = Buffer.from('%PDF-1.7\n');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('completeUpload with an upload landing meanwhile', () => {
  beforeEach(() => {
    for (const fn of [...Object.values(storage), ...Object.values(repo), ...Object.values(checks)])
      fn.mockReset();
    repo.getOwnedDocument.mockResolvedValue(doc);
    repo.deleteUncheckedItem.mockResolvedValue(true);
    storage.putObject.mockResolvedValue({ etag: '"e"', versionId: undefined });
    checks.realKind.mockResolvedValue('pdf');
    checks.checkedPdf.mockResolvedValue({ bytes: pdf, removed: {} });
    repo.markReady.mockImplementation(async (d: DocumentItem, file: { key: string }) => ({
      won: true,
      doc: { ...d, status: 'ready', key: file.key, sha256: 'x' },
    }));
  });

  it('is not refused as empty when HEAD caught the object truncated for a rewrite', async () => {
    storage.headObject.mockResolvedValue({ size: 0, contentType: 'application/pdf' });
    // First read torn (the old ETag over the new, partial bytes), then the whole upload.
    storage.readWholeObject
      .mockResolvedValueOnce({ bytes: Buffer.alloc(0), etag: `"${md5(pdf)}"`, intact: false })
      .mockResolvedValueOnce({ bytes: pdf, etag: `"${md5(pdf)}"`, intact: true });
    const res = await completeUpload('u1', doc.id, 1_800_000_000);
    expect(res.document.status).toBe('ready');
    expect(repo.deleteUncheckedItem).not.toHaveBeenCalled();
    expect(storage.readWholeObject).toHaveBeenCalledTimes(2);
  });

  it('still refuses an upload whose whole bytes are empty', async () => {
    storage.headObject.mockResolvedValue({ size: 0, contentType: 'application/pdf' });
    storage.readWholeObject.mockResolvedValue({
      bytes: Buffer.alloc(0),
      etag: `"${md5(Buffer.alloc(0))}"`,
      intact: true,
    });
    await expect(completeUpload('u1', doc.id, 1_800_000_000)).rejects.toMatchObject({
      code: 'BUSINESS_RULE',
    });
    expect(repo.deleteUncheckedItem).toHaveBeenCalledWith(doc.id, 'u1');
  });

  it('answers a retryable conflict, refusing nothing, when every read is torn', async () => {
    storage.headObject.mockResolvedValue({ size: 9, contentType: 'application/pdf' });
    storage.readWholeObject.mockResolvedValue({ bytes: pdf, etag: '"0"', intact: false });
    await expect(completeUpload('u1', doc.id, 1_800_000_000)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(repo.deleteUncheckedItem).not.toHaveBeenCalled();
  });
});

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conditionFailed, mockTable } from '../../test/support/mock-table.js';
import { type DocumentItem, markReady } from './repo.js';

const ddb = mockTable();

const uploading: DocumentItem = {
  id: 'd1',
  owner_sub: 'u1',
  upload_key: 'incoming/u1/d1.pdf',
  file_name: 'contrato.pdf',
  size: 10,
  content_type: 'application/pdf',
  kind: 'pdf',
  status: 'uploading',
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  expires_at: 4_102_444_800,
};
const file = {
  key: 'documents/u1/d1/aaaa.pdf',
  size: 10,
  sha256: 'ab',
  etag: '"e"',
  versionId: undefined,
};
const readyWith = (key: string) => ({
  Item: { pk: 'DOC#d1', sk: 'META', ...uploading, status: 'ready', key, sha256: 'ab' },
});

describe('markReady', () => {
  it('wins when its update is applied', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: readyWith(file.key).Item });
    const res = await markReady(uploading, file, '2026-11-25T10:01:00.000Z');
    expect(res.won).toBe(true);
    expect(res.doc?.key).toBe(file.key);
  });

  it('loses to another /complete: the document holds that call’s key', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    ddb.on(GetCommand).resolves(readyWith('documents/u1/d1/bbbb.pdf'));
    const res = await markReady(uploading, file, '2026-11-25T10:01:00.000Z');
    expect(res.won).toBe(false);
    expect(res.doc?.key).toBe('documents/u1/d1/bbbb.pdf');
  });

  it('still wins when the condition failed on its own applied update (the SDK retried it)', async () => {
    // The first try landed, its answer timed out, and the retry found status = ready: the
    // caller must not delete the object the document now points to.
    ddb.on(UpdateCommand).rejects(conditionFailed());
    ddb.on(GetCommand).resolves(readyWith(file.key));
    const res = await markReady(uploading, file, '2026-11-25T10:01:00.000Z');
    expect(res.won).toBe(true);
    expect(res.doc?.key).toBe(file.key);
  });

  it('loses when the item went away', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    ddb.on(GetCommand).resolves({});
    expect(await markReady(uploading, file, '2026-11-25T10:01:00.000Z')).toEqual({
      won: false,
      doc: undefined,
    });
  });
});

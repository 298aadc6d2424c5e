import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { mockTable } from '../../test/support/mock-table.js';
import { transact } from './ledger-send.js';

const ddb = mockTable();
const items = [{ Put: { TableName: 'sello-test', Item: { pk: 'A', sk: 'B' } } }];
const failure = (name: string, reasons?: { Code: string }[]) =>
  Object.assign(new Error(name), { name, ...(reasons ? { CancellationReasons: reasons } : {}) });
const tokens = () =>
  ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.ClientRequestToken);

describe('transact (a ledger transaction and its resends)', () => {
  it('resends with the same token while an earlier send of it is still running', async () => {
    // The SDK's retry after a timed-out answer met the first send in progress: the same token
    // makes DynamoDB answer that send's outcome instead of running the transaction twice.
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(failure('TransactionInProgressException'))
      .resolves({});
    await transact(items);
    const [first, second] = tokens();
    expect(tokens()).toHaveLength(2);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  it('resends a conflict, which applied nothing, with a new token', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(failure('TransactionCanceledException', [{ Code: 'TransactionConflict' }]))
      .resolves({});
    await transact(items);
    const [first, second] = tokens();
    expect(tokens()).toHaveLength(2);
    expect(second).not.toBe(first);
  });

  it('does not resend a failed condition', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejects(failure('TransactionCanceledException', [{ Code: 'ConditionalCheckFailed' }]));
    await expect(transact(items)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(tokens()).toHaveLength(1);
  });
});

import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach } from 'vitest';
import { resetConfigCache } from '../../functions/platform/config.js';

/**
 * For unit tests of repository code: the document client mocked (aws-sdk-client-mock), a
 * table name and region set, the config cache and the mock reset around every test.
 */
export function mockTable() {
  const ddb = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    process.env.TABLE_NAME = 'sello-test';
    process.env.AWS_REGION = 'us-east-1';
    resetConfigCache();
    ddb.reset();
  });
  afterEach(() => ddb.reset());
  return ddb;
}

/** What DynamoDB answers a single write whose condition failed. */
export const conditionFailed = (message = 'condition failed') =>
  Object.assign(new Error(message), { name: 'ConditionalCheckFailedException' });

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { required } from './config.js';

/**
 * The document client, created once per container. The endpoint comes from the SDK's own
 * AWS_ENDPOINT_URL_DYNAMODB, so the same code talks to DynamoDB or DynamoDB Local.
 */
let client: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

export const tableName = (): string => required('TABLE_NAME');

export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

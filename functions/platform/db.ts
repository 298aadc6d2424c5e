import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { required } from './config.js';
import { awsClientConfig, boundToDeadline } from './sdk-budget.js';

/**
 * The document client, created once per container. The endpoint comes from the SDK's own
 * AWS_ENDPOINT_URL_DYNAMODB, so the same code talks to DynamoDB or DynamoDB Local. Its timeouts
 * and retries fit the Lambda timeout (sdk-budget.ts) and every send stops at the request's
 * deadline.
 */
let client: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  client ??= boundToDeadline(
    DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig('dynamodb')), {
      marshallOptions: { removeUndefinedValues: true },
    }),
  );
  return client;
}

export const tableName = (): string => required('TABLE_NAME');

export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** An item without its table keys and entity tag: the record as the domain knows it. */
export const withoutKeys = <T>(item: Record<string, unknown>): T => {
  const {
    pk: _pk,
    sk: _sk,
    gsi1pk: _g1,
    gsi1sk: _g2,
    gsi2pk: _g3,
    gsi2sk: _g4,
    type: _t,
    ...rest
  } = item;
  return rest as T;
};

/** One item by key, read consistently (payments race with webhooks), without its keys. */
export async function getRecord<T>(key: Record<string, string>): Promise<T | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return res.Item ? withoutKeys<T>(res.Item) : undefined;
}

/**
 * Every item a Query matches, following LastEvaluatedKey through all pages (the sweeps' and
 * jobs' lists, an order's audit trail). The table name is filled in.
 */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Every item a Scan's filter keeps, following LastEvaluatedKey through all pages. Only the daily
 * job of pattern 69d scans (docs/data-model.md); no request path does.
 */
export async function scanAll<T = Record<string, unknown>>(
  input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new ScanCommand({ ...input, TableName: tableName(), ExclusiveStartKey: start }),
    );
    items.push(...((res.Items ?? []) as T[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

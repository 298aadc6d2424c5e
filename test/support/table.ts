import type { LimitName } from '../../functions/platform/limits.js';
import type { StackInfo } from '../../local/stack.js';

/**
 * Direct access to the stack's table through the app's own repositories (so tests never build
 * keys): used to move time forward for one item, which no API can do.
 */
/** Points the app's repositories, in this process, at the stack's table. */
export function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
  });
}

/** Makes an e-mailed link token expired, as if its lifetime had passed. */
export async function expireLink(stack: StackInfo, token: string, purpose: 'confirm' | 'recovery') {
  pointAt(stack);
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { sha256 } = await import('../../functions/platform/secrets.js');
  const repo = await import('../../functions/auth/repo.js');
  const now = Math.floor(Date.now() / 1000);
  const link = await repo.findLinkToken(sha256(token), purpose, now);
  if (!link) throw new Error('link not found');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: repo.linkKey(link.hash),
      UpdateExpression: 'SET expiresAt = :e, #ttl = :e',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':e': now - 1 },
    }),
  );
}

/**
 * Forgets the current window of one abuse limit for one key, as if a day (or hour) had passed:
 * for tests that need more of something than one window allows (e.g. 150 uploads for one user).
 */
export async function resetLimit(stack: StackInfo, name: LimitName, key: string) {
  pointAt(stack);
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { LIMITS } = await import('../../functions/platform/limits.js');
  const { rateWindowKey } = await import('../../functions/platform/rate-limit.js');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { scope, windowSeconds } = LIMITS[name];
  const now = Math.floor(Date.now() / 1000);
  await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: rateWindowKey(scope, key, windowSeconds, now),
    }),
  );
}

/** Every item of the stack's table, as stored (every scan page): for "nothing holds X" proofs. */
export async function scanTable(stack: StackInfo): Promise<Record<string, unknown>[]> {
  pointAt(stack);
  const { db } = await import('../../functions/platform/db.js');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const items: Record<string, unknown>[] = [];
  let from: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: stack.tableName, ExclusiveStartKey: from }),
    );
    items.push(...(page.Items ?? []));
    from = page.LastEvaluatedKey;
  } while (from);
  return items;
}

/**
 * Every record of the table's stream so far (every shard, from its oldest record), as the pipe
 * to the queues reads it: what the stream (and so anything it feeds) ever carried.
 */
export async function streamRecords(stack: StackInfo): Promise<unknown[]> {
  const { DescribeTableCommand, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const streams = await import('@aws-sdk/client-dynamodb-streams');
  const config = {
    endpoint: stack.endpoints.dynamodb,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const table = new DynamoDBClient(config);
  const client = new streams.DynamoDBStreamsClient(config);
  const arn = (await table.send(new DescribeTableCommand({ TableName: stack.tableName }))).Table
    ?.LatestStreamArn;
  if (!arn) throw new Error('the table has no stream');
  const records: unknown[] = [];
  const { StreamDescription } = await client.send(
    new streams.DescribeStreamCommand({ StreamArn: arn }),
  );
  for (const shard of StreamDescription?.Shards ?? []) {
    let iterator = (
      await client.send(
        new streams.GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      )
    ).ShardIterator;
    // An open shard never ends: read until it has nothing more for now.
    while (iterator) {
      const page = await client.send(new streams.GetRecordsCommand({ ShardIterator: iterator }));
      records.push(...(page.Records ?? []));
      if (!page.Records?.length) break;
      iterator = page.NextShardIterator;
    }
  }
  return records;
}

import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { SDK_LOGGER } from '../../functions/platform/sdk-budget.js';
import { type QueueSpec, queues } from '../../shared/contract/queues.js';

/**
 * A pipe's filter and input template (lib/): new items of the queue's entity type only, and the
 * message body `{"<bodyKey>": <the item's id attribute>}`. One definition (the QueueSpec's
 * `source`) for both sides, so local and AWS pick the same items.
 */
export function messageOf(record: StreamRecord, spec: QueueSpec): string | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || image?.type?.S !== spec.source.type) return undefined;
  const id = image[spec.source.idAttribute]?.S;
  return id ? JSON.stringify({ [spec.source.bodyKey]: id }) : undefined;
}

export interface StreamPipeOptions {
  endpoint: string;
  tableName: string;
  /** Where each picked record's message goes (the local queue of that name). */
  send: (queue: string, body: string) => void;
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * The local stand-in for the EventBridge Pipe that reads the table's stream in AWS. It polls
 * DynamoDB Local's stream (every shard, from its oldest record: after a restart, mails already
 * handled come again and the sender finds them done) and sends each new item of a queue's entity type
 * to that local queue. Returns a stop function.
 */
export function startStreamPipe(opts: StreamPipeOptions): () => void {
  const config = {
    endpoint: opts.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    // No redacted copies of every stream record built for a log line nobody reads.
    logger: SDK_LOGGER,
  };
  const table = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const iterators = new Map<string, string | undefined>();
  const finished = new Set<string>();
  let streamArn: string | undefined;
  let stopped = false;
  let round = 0;

  const discover = async () => {
    streamArn ??= (await table.send(new DescribeTableCommand({ TableName: opts.tableName }))).Table
      ?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${opts.tableName} has no stream`);
    const { StreamDescription } = await streams.send(
      new DescribeStreamCommand({ StreamArn: streamArn }),
    );
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId;
      if (!id || iterators.has(id) || finished.has(id)) continue;
      const it = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: id,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      iterators.set(id, it.ShardIterator);
    }
  };

  const poll = async () => {
    // New shards appear as DynamoDB Local rolls them: look again every tenth round.
    if (round++ % 10 === 0) await discover();
    for (const [shard, iterator] of iterators) {
      if (!iterator) {
        iterators.delete(shard);
        finished.add(shard);
        continue;
      }
      const res = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      for (const record of res.Records ?? []) {
        for (const spec of queues) {
          const body = messageOf(record, spec);
          if (body) opts.send(spec.name, body);
        }
      }
      iterators.set(shard, res.NextShardIterator);
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        await poll();
      } catch (err) {
        opts.log?.(`[outbox pipe] ${(err as Error).message}`);
        // A lost iterator (expired, or the emulator restarted) is found again from the start.
        iterators.clear();
        round = 0;
      }
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 250));
    }
    table.destroy();
    streams.destroy();
  };
  void loop();
  return () => {
    stopped = true;
  };
}

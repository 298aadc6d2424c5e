import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { waitFor } from '../ports.js';
import { type Managed, startChild } from './process.js';

const require = createRequire(import.meta.url);

export interface CognitoHandle extends Managed {
  endpoint: string;
}

/**
 * cognito-local as a child process. It keeps its database in `.cognito/` under its working
 * directory, so `dataDir` is where accounts survive restarts (tests pass a temporary folder).
 */
export async function startCognito(opts: {
  port: number;
  dataDir: string;
  verbose?: boolean;
}): Promise<CognitoHandle> {
  mkdirSync(opts.dataDir, { recursive: true });
  const bin = join(dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const proc = startChild('cognito', process.execPath, [bin], {
    cwd: opts.dataDir,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DEBUG: '' },
    verbose: opts.verbose,
  });
  const endpoint = `http://127.0.0.1:${opts.port}`;
  try {
    await waitFor(
      async () => {
        if (proc.child.exitCode !== null) throw new Error('cognito-local exited');
        // Any answer means it listens; it replies 400 to a POST without a target.
        const res = await fetch(endpoint, { method: 'POST', body: '{}' });
        return res.status > 0;
      },
      'cognito-local',
      60_000,
    );
  } catch (err) {
    await proc.stop();
    throw new Error(`${(err as Error).message}\n${proc.output()}`);
  }
  return { name: 'cognito', endpoint, stop: proc.stop };
}

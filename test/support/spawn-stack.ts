import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StackInfo } from '../../local/stack.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts `local/main.ts --ephemeral` as a child: in-memory emulators on free ports, so two test
 * runs never collide. Resolves with the stack's SELLO_READY description.
 */
export async function spawnStack(
  extraArgs: string[] = [],
): Promise<{ info: StackInfo; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'local/main.ts'), '--ephemeral', ...extraArgs],
    { cwd: root, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'ERROR' } },
  );
  const errors: string[] = [];
  child.stderr?.on('data', (d: Buffer) => {
    errors.push(d.toString());
    if (errors.length > 60) errors.shift();
    if (process.env.SELLO_TEST_VERBOSE) process.stderr.write(d);
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    // A bound for a stack that will never come up, not a speed check: the web stack bundles
    // every function and builds the SPA first, minutes on a busy 2-core machine.
    const timer = setTimeout(
      () => reject(new Error(`stack start timed out\n${errors.join('')}`)),
      480_000,
    );
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('SELLO_READY ')) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('SELLO_READY '.length)) as StackInfo);
      } else if (process.env.SELLO_TEST_VERBOSE) {
        process.stdout.write(`${line}\n`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited (${code}) before it was ready\n${errors.join('')}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { info, stop };
}

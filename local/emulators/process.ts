import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/** A child process we started and must stop (and wait for) on shutdown. */
export interface Managed {
  name: string;
  stop(): Promise<void>;
}

/**
 * Starts a child process whose output is kept (last lines) to explain a failed start, and
 * returns a stop() that sends SIGTERM, then SIGKILL after a grace period, and waits for exit.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { verbose?: boolean },
): { child: ChildProcess; stop: () => Promise<void>; output: () => string } {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (options.verbose) process.stderr.write(`[${name}] ${text}`);
    lines.push(text);
    if (lines.length > 40) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop, output: () => lines.join('') };
}

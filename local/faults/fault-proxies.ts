import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The dependencies a local stack can fail on purpose, by the names the door and CLI use. */
export const FAULT_NAMES = [
  'dynamodb',
  's3',
  'mail',
  'cognito',
  'stripe',
  'tsa',
  'fea',
  'claveunica',
  'biometric',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export const isFaultName = (name: string): name is FaultName =>
  (FAULT_NAMES as readonly string[]).includes(name);

export interface FaultProxies {
  /** The proxies' endpoints, to hand to everything that should see the faults. */
  endpoints: Record<FaultName, string>;
  /** The proxy process's control server (the gateway's /_local/faults door forwards to it). */
  control: string;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

/**
 * One fault proxy in front of each emulator (`targets`: their own endpoints), all in a child
 * process of their own (proxy-host.ts): see there why.
 */
export async function startFaultProxies(targets: Record<FaultName, string>): Promise<FaultProxies> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(here, 'proxy-host.ts'), JSON.stringify(targets)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ endpoints: Record<FaultName, string>; control: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('fault proxies did not start')), 60_000);
      child.once('exit', (code) => reject(new Error(`fault proxies exited (${code})`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (!line.startsWith('FAULTS_READY ')) return;
        clearTimeout(timer);
        resolve(JSON.parse(line.slice('FAULTS_READY '.length)));
      });
    },
  );
  return {
    ...ready,
    close: async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

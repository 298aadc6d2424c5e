import { FaultProxy } from './fault-proxy.js';

/** The dependencies a local stack can fail on purpose, by the names the door and CLI use. */
export const FAULT_NAMES = ['dynamodb', 's3', 'mail', 'cognito', 'stripe'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export const isFaultName = (name: string): name is FaultName =>
  (FAULT_NAMES as readonly string[]).includes(name);

export interface FaultProxies {
  proxies: Record<FaultName, FaultProxy>;
  /** The proxies' endpoints, to hand to everything that should see the faults. */
  endpoints: Record<FaultName, string>;
  close(): Promise<void>;
}

/** One fault proxy in front of each emulator (`targets`: their own endpoints). */
export async function startFaultProxies(targets: Record<FaultName, string>): Promise<FaultProxies> {
  const entries = await Promise.all(
    FAULT_NAMES.map(async (name) => {
      const url = new URL(targets[name]);
      const proxy = await new FaultProxy(name, {
        host: url.hostname,
        port: Number(url.port),
      }).listen();
      return [name, proxy] as const;
    }),
  );
  const proxies = Object.fromEntries(entries) as Record<FaultName, FaultProxy>;
  const endpoints = Object.fromEntries(entries.map(([n, p]) => [n, p.endpoint])) as Record<
    FaultName,
    string
  >;
  return {
    proxies,
    endpoints,
    close: async () => {
      await Promise.all(entries.map(([, p]) => p.close()));
    },
  };
}

/**
 * The fault proxies' own process (started by fault-proxies.ts). Kept out of the gateway's
 * process on purpose: forwarding every DynamoDB, S3 and mail byte costs CPU, and in AWS that
 * work is the network's, not the Lambda's, so the handlers' figures (bench/) must not pay it.
 *
 * argv[2]: JSON `{ name: "http://host:port" }` of the emulators. Prints one line
 * `FAULTS_READY {"endpoints": {...}, "control": "http://..."}`; the control server answers the
 * fault door (`GET /faults`, `POST /faults/{name}` `{"mode"}`). Exits when its parent closes
 * stdin (the parent died or stopped it) or on SIGTERM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleFaultDoor } from './fault-door.js';
import { FAULT_NAMES, type FaultName } from './fault-proxies.js';
import { FaultProxy } from './fault-proxy.js';

const targets = JSON.parse(process.argv[2] ?? '{}') as Record<FaultName, string>;
const proxies = {} as Record<FaultName, FaultProxy>;
for (const name of FAULT_NAMES) {
  const url = new URL(targets[name]);
  proxies[name] = await new FaultProxy(name, {
    host: url.hostname,
    port: Number(url.port),
  }).listen();
}

const control = createServer((req, res) => {
  const match = /^\/faults(?:\/([a-z0-9-]+))?$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
    handleFaultDoor(res, proxies, match[1], body);
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', () => resolve()));

const stop = async () => {
  control.close();
  await Promise.all(Object.values(proxies).map((p) => p.close()));
  process.exit(0);
};
process.stdin.on('end', stop).on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);

const endpoints = Object.fromEntries(FAULT_NAMES.map((n) => [n, proxies[n].endpoint]));
const { port } = control.address() as AddressInfo;
process.stdout.write(
  `FAULTS_READY ${JSON.stringify({ endpoints, control: `http://127.0.0.1:${port}` })}\n`,
);

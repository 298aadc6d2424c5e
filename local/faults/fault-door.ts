import type { ServerResponse } from 'node:http';
import { type FaultName, isFaultName } from './fault-proxies.js';
import { FAULT_MODES, type FaultMode, type FaultProxy } from './fault-proxy.js';

/**
 * The local gateway's fault door (never in AWS): `GET /_local/faults` lists each dependency's
 * state; `POST /_local/faults/{name}` with `{"mode":"down"|"paused"|"up"}` sets it. The tests
 * and `npm run fault` use it to fail mail, S3, Stripe, DynamoDB or Cognito in the middle of a
 * flow.
 */
export function handleFaultDoor(
  res: ServerResponse,
  proxies: Record<FaultName, FaultProxy>,
  name: string | undefined,
  body: Buffer | undefined,
): void {
  const send = (status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  const states = () => Object.fromEntries(Object.entries(proxies).map(([n, p]) => [n, p.state]));
  if (name === undefined) {
    send(200, states());
    return;
  }
  if (!isFaultName(name)) {
    send(404, { message: `unknown dependency ${name}` });
    return;
  }
  let mode: unknown;
  try {
    mode = (JSON.parse(body?.toString('utf8') || '{}') as { mode?: unknown }).mode;
  } catch {
    mode = undefined;
  }
  if (!FAULT_MODES.includes(mode as FaultMode)) {
    send(400, { message: `mode must be one of ${FAULT_MODES.join(', ')}` });
    return;
  }
  proxies[name].set(mode as FaultMode);
  send(200, states());
}

import { FAULT_NAMES, type FaultName } from '../../local/faults/fault-proxies.js';
import type { FaultMode } from '../../local/faults/fault-proxy.js';
import type { StackInfo } from '../../local/stack.js';

export type { FaultMode };

/** Stops, pauses or resumes one dependency of the test stack (local/faults). */
export async function setFault(stack: StackInfo, dep: FaultName, mode: FaultMode): Promise<void> {
  const res = await fetch(`${stack.url}/_local/faults/${dep}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  if (!res.ok) throw new Error(`fault ${dep} ${mode}: ${res.status} ${await res.text()}`);
}

/** Every dependency back up: call in afterEach so a failed test never leaves one down. */
export async function allUp(stack: StackInfo): Promise<void> {
  for (const dep of FAULT_NAMES) {
    await setFault(stack, dep, 'up');
  }
}

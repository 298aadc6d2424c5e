import type { StackInfo } from '../../local/stack.js';

export type Dependency = 'dynamodb' | 's3' | 'mail' | 'cognito' | 'stripe';
export type FaultMode = 'up' | 'down' | 'paused';

/** Stops, pauses or resumes one dependency of the test stack (local/faults). */
export async function setFault(stack: StackInfo, dep: Dependency, mode: FaultMode): Promise<void> {
  const res = await fetch(`${stack.url}/_local/faults/${dep}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  if (!res.ok) throw new Error(`fault ${dep} ${mode}: ${res.status} ${await res.text()}`);
}

/** Every dependency back up: call in afterEach so a failed test never leaves one down. */
export async function allUp(stack: StackInfo): Promise<void> {
  for (const dep of ['dynamodb', 's3', 'mail', 'cognito', 'stripe'] as const) {
    await setFault(stack, dep, 'up');
  }
}

import type { TestProject } from 'vitest/node';
import { spawnStack } from './spawn-stack.js';

/** The e2e stack: same as the integration one, plus the built SPA served by the gateway. */
export default async function setup(project: TestProject) {
  const { info, stop } = await spawnStack();
  project.provide('stack', info);
  return stop;
}

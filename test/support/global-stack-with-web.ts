import type { TestProject } from 'vitest/node';
import { spawnStack } from './spawn-stack.js';

/**
 * The e2e stack: the integration one plus the built SPA served by the gateway, and the
 * handlers run from the very bundles CDK deploys (`--bundled`): the journeys prove the
 * minified, code-split, tree-shaken code, while the integration tests run the sources.
 */
export default async function setup(project: TestProject) {
  const { info, stop } = await spawnStack(['--bundled']);
  project.provide('stack', info);
  return stop;
}

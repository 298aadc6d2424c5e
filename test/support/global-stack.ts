import type { TestProject } from 'vitest/node';
import type { StackInfo } from '../../local/stack.js';
import { spawnStack } from './spawn-stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One API-only stack for the whole integration run; test files read it with inject('stack'). */
export default async function setup(project: TestProject) {
  const { info, stop } = await spawnStack(['--no-web']);
  project.provide('stack', info);
  return stop;
}

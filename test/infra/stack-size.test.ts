import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { jobDefs } from '../../lib/schedules.js';
import { jobs } from '../../shared/contract/jobs.js';
import { type Synth, synth } from './synth.js';

/**
 * CloudFormation refuses a template with more than 500 resources, and a nested stack counts as
 * one resource of its parent. The limit here is lower: headroom for the routes still to come, so
 * a deploy never fails on it first.
 */
const MAX_RESOURCES = 450;

// The app as bin/app.ts builds it: the real route table, queues and scheduled jobs. Past 500
// resources CDK itself refuses the synth (its error lists the counts by type): that is reported
// as a failed test rather than a crashed file.
let s: Synth | undefined;
let synthError: unknown;
try {
  s = synth({ jobs: jobDefs(jobs) });
} catch (error) {
  synthError = error;
}
const stacks = s?.app.node.findAll().filter((c): c is Stack => Stack.isStack(c)) ?? [];

/** Resource counts by type, largest first, for a readable failure. */
function countsByType(resources: Record<string, { Type: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { Type } of Object.values(resources)) counts[Type] = (counts[Type] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([, a], [, b]) => b - a));
}

describe('stack size', () => {
  it('synthesizes the app stack as bin/app.ts builds it', () => {
    expect(synthError, String(synthError)).toBeUndefined();
    expect(stacks.map((st) => st.node.path)).toContain('Sello');
  });

  it.each(stacks.map((st) => [st.node.path, st] as const))(
    `%s has at most ${MAX_RESOURCES} resources`,
    (path, stack) => {
      const resources = Template.fromStack(stack).toJSON().Resources ?? {};
      const total = Object.keys(resources).length;
      expect(
        total,
        `${path}: ${total} resources, by type ${JSON.stringify(countsByType(resources))}`,
      ).toBeLessThanOrEqual(MAX_RESOURCES);
    },
  );
});

import { type CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export interface NagAcknowledgment {
  /** Rule id, e.g. `AwsSolutions-IAM5`. */
  id: string;
  /** Why the finding is acceptable here: required, and read in review. */
  reason: string;
  /**
   * For rules that report one finding per item (IAM5 wildcards): the exact findings, e.g.
   * `Resource::*`. cdk-nag 3 has no prefix or regex matching, so each is named.
   */
  findings?: string[];
}

/**
 * Acknowledges cdk-nag findings on a construct and everything below it (cdk-nag 3 reads
 * acknowledgments from the construct and its ancestors).
 */
export function acknowledge(scope: IConstruct, rules: NagAcknowledgment[]): void {
  for (const rule of rules) {
    if (rule.reason.trim().length < 20) throw new Error(`${rule.id}: give a real reason`);
    const ids = rule.findings?.map((f) => `${rule.id}[${f}]`) ?? [rule.id];
    for (const id of ids) Validations.of(scope).acknowledge({ id, reason: rule.reason });
  }
}

/**
 * How a finding on a resource in `from`'s stack names the `attribute` (`Arn`) of the L2
 * `resource`, the text between `<` and `>`: `<logical id>.Arn` in the same stack; from a nested
 * stack (the scheduled jobs, lib/sello-stack.ts), the parameter CDK passes the parent's value in
 * with, `referenceto<unique id>Arn` (aws-cdk-lib core/lib/private/refs.ts names it so).
 */
export function nagRefName(resource: IConstruct, from: IConstruct, attribute = 'Arn'): string {
  const cfn = resource.node.defaultChild as CfnElement;
  const owner = Stack.of(resource);
  if (Stack.of(from) === owner) return `${owner.getLogicalId(cfn)}.${attribute}`;
  return `referenceto${Names.nodeUniqueId(cfn.node)}${attribute}`.replace(/[^A-Za-z0-9]/g, '');
}

import { Validations } from 'aws-cdk-lib';
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

import { readFileSync } from 'node:fs';
import { App, type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { AppFunction } from '../../lib/app-function.js';
import { CdnLogsStack } from '../../lib/cdn-logs-stack.js';
import { EdgeStack } from '../../lib/edge-stack.js';
import { SelloStack, type SelloStackProps } from '../../lib/sello-stack.js';

/** The context `cdk synth` uses (feature flags and defaults from cdk.json). */
const cdkContext: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'),
).context;

export interface Synth {
  app: App;
  stack: SelloStack;
  template: Template;
  /** The us-east-1 stack with the CloudFront WAF. */
  edge: EdgeStack;
  edgeTemplate: Template;
  /** The us-east-1 stack with the CloudFront access log delivery. */
  cdnLogs: CdnLogsStack;
  cdnLogsTemplate: Template;
}

/**
 * The app stack's region in tests: not us-east-1, so the cross-region reference to the WAF is
 * the one a deployment for Chile makes.
 */
export const APP_REGION = 'sa-east-1';

/**
 * Synthesizes the stack the way bin/app.ts does (cdk.json context, AwsSolutions plugin, which
 * fails the synth on any unacknowledged finding) but without bundling: the template is what
 * we assert, and handler files need not exist yet.
 */
export function synth(
  props: Partial<SelloStackProps> = {},
  context: Record<string, unknown> = {},
): Synth {
  const app = new App({
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
  const edge = new EdgeStack(app, 'SelloEdge');
  const stack = new SelloStack(app, 'Sello', {
    env: { region: APP_REGION },
    crossRegionReferences: true,
    webAclArn: edge.webAclArn,
    ...props,
  });
  const cdnLogs = new CdnLogsStack(app, 'SelloCdnLogs', {
    distributionArn: stack.web.distribution.distributionArn,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return {
    app,
    stack,
    template: Template.fromStack(stack),
    edge,
    edgeTemplate: Template.fromStack(edge),
    cdnLogs,
    cdnLogsTemplate: Template.fromStack(cdnLogs),
  };
}

/** cdk-nag findings that are neither fixed nor acknowledged, as "rule at path" lines. */
export function nagFindings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}`),
  );
}

export const logicalId = (stack: Stack, construct: IConstruct): string =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);

const nestedTemplates = new WeakMap<Stack, Template>();

/**
 * The template of the stack that holds `construct`: the app stack's, or a nested stack's (the
 * scheduled jobs live in `stack.jobsStack`, lib/sello-stack.ts).
 */
export function templateOf(s: Synth, construct: IConstruct): Template {
  const owner = Stack.of(construct);
  if (owner === s.stack) return s.template;
  let template = nestedTemplates.get(owner);
  if (!template) {
    template = Template.fromStack(owner);
    nestedTemplates.set(owner, template);
  }
  return template;
}

export interface Statement {
  Effect: string;
  Action: string[];
  Resource: unknown;
}

/** Every IAM statement attached to the function's role. */
export function statementsOf(s: Synth, fn: AppFunction): Statement[] {
  const roleId = logicalId(Stack.of(fn), fn.role);
  const policies = templateOf(s, fn).findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[])
    .map((st) => ({ ...st, Action: [st.Action].flat() }));
}

export const actionsOf = (s: Synth, fn: AppFunction): string[] =>
  statementsOf(s, fn).flatMap((st) => st.Action);

/** The function's environment variables as synthesized. */
export function environmentOf(s: Synth, fn: AppFunction): Record<string, unknown> {
  const resource = templateOf(s, fn).toJSON().Resources[logicalId(Stack.of(fn), fn.fn)];
  return resource.Properties.Environment?.Variables ?? {};
}

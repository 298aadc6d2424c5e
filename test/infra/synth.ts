import { readFileSync } from 'node:fs';
import { App, type CfnElement, NestedStack, Stack, Validations } from 'aws-cdk-lib';
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

/** The parameters the app stack passes to the nested stack `owner` (none for the app stack). */
function parametersPassedTo(s: Synth, owner: Stack): Record<string, unknown> {
  if (!NestedStack.isNestedStack(owner) || !owner.nestedStackResource) return {};
  const parent = owner.nestedStackParent ?? s.stack;
  const resources = templateOf(s, parent).toJSON().Resources;
  return resources[parent.getLogicalId(owner.nestedStackResource)].Properties.Parameters ?? {};
}

/** Replaces every `{ Ref: p }` for which `replace` has a value, at any depth. */
function substituteRefs(value: unknown, replace: (ref: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => substituteRefs(v, replace));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1 && entries[0]?.[0] === 'Ref' && typeof entries[0][1] === 'string') {
    const replaced = replace(entries[0][1]);
    if (replaced !== undefined) return replaced;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, substituteRefs(v, replace)]));
}

/**
 * A value of the template that holds `construct`, in the app stack's terms: a nested stack
 * receives the table, bucket, secrets and app URL as parameters (`referenceto…`), and the test
 * compares them with the app stack's own references.
 */
export function inAppStack(s: Synth, construct: IConstruct, value: unknown): unknown {
  const passed = parametersPassedTo(s, Stack.of(construct));
  return substituteRefs(value, (ref) => passed[ref]);
}

/**
 * An app-stack value with each nested stack output it reads (`Fn::GetAtt [nested, Outputs.X]`)
 * replaced by the output's value in the nested template: what a method's integration calls.
 */
export function throughNestedOutputs(s: Synth, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => throughNestedOutputs(s, v));
  if (value === null || typeof value !== 'object') return value;
  const getAtt = (value as Record<string, unknown>)['Fn::GetAtt'];
  if (Array.isArray(getAtt) && String(getAtt[1]).startsWith('Outputs.')) {
    const nested = s.stack.node
      .findAll()
      .find(
        (c): c is NestedStack =>
          NestedStack.isNestedStack(c) &&
          c.nestedStackResource !== undefined &&
          s.stack.getLogicalId(c.nestedStackResource) === getAtt[0],
      );
    if (nested) {
      const output = String(getAtt[1]).slice('Outputs.'.length);
      return templateOf(s, nested).toJSON().Outputs[output].Value;
    }
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      throughNestedOutputs(s, v),
    ]),
  );
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
    .map((st) => ({
      ...st,
      Action: [st.Action].flat(),
      Resource: inAppStack(s, fn, st.Resource),
    }));
}

export const actionsOf = (s: Synth, fn: AppFunction): string[] =>
  statementsOf(s, fn).flatMap((st) => st.Action);

/** The function's environment variables as synthesized. */
export function environmentOf(s: Synth, fn: AppFunction): Record<string, unknown> {
  const resource = templateOf(s, fn).toJSON().Resources[logicalId(Stack.of(fn), fn.fn)];
  return inAppStack(s, fn, resource.Properties.Environment?.Variables ?? {}) as Record<
    string,
    unknown
  >;
}

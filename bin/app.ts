#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CdnLogsStack } from '../lib/cdn-logs-stack.js';
import { EDGE_REGION, EdgeStack } from '../lib/edge-stack.js';
import { jobDefs } from '../lib/schedules.js';
import { SelloStack } from '../lib/sello-stack.js';
import { jobs } from '../shared/contract/jobs.js';

const app = new App();

// Account/region of the CLI profile (`cdk deploy --all --profile ...`). The app stack needs an
// explicit region (it reads the WAF's ARN from us-east-1 through a cross-region reference):
// offline, without a profile, `cdk synth` uses us-east-1.
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION ?? EDGE_REGION;

// The CloudFront WAF, which AWS only accepts in us-east-1 (lib/edge-stack.ts).
const rateLimit = app.node.tryGetContext('wafRateLimit');
const edge = new EdgeStack(app, 'SelloEdge', {
  env: { account },
  rateLimit: rateLimit === undefined ? undefined : Number(rateLimit),
});

const sello = new SelloStack(app, 'Sello', {
  env: { account, region },
  crossRegionReferences: true,
  webAclArn: edge.webAclArn,
  // Scheduled jobs (credit expiry, feature renewals) from the shared job list.
  jobs: jobDefs(jobs),
});

// CloudFront access logs without query strings: a delivery AWS accepts only in us-east-1.
new CdnLogsStack(app, 'SelloCdnLogs', {
  env: { account },
  distributionArn: sello.web.distribution.distributionArn,
});

// Every synth runs the AWS Solutions checks (cdk-nag 3 is a CDK policy-validation plugin, the
// successor of the v2 Aspect): an unacknowledged finding fails the synth. Acknowledgments sit
// next to the resource they concern, each with its reason (lib/nag.ts).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

#!/usr/bin/env node
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { jobDefs } from '../lib/schedules.js';
import { SelloStack } from '../lib/sello-stack.js';
import { jobs } from '../shared/contract/jobs.js';

const app = new App();

new SelloStack(app, 'Sello', {
  // Account/region of the CLI profile (`cdk deploy --profile ...`); unset offline, which keeps
  // `cdk synth` working without credentials.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  // Scheduled jobs (credit expiry, feature renewals) from the shared job list.
  jobs: jobDefs(jobs),
});

// Every synth runs the AWS Solutions checks (cdk-nag 3 is a CDK policy-validation plugin, the
// successor of the v2 Aspect): an unacknowledged finding fails the synth. Acknowledgments sit
// next to the resource they concern, each with its reason (lib/nag.ts).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

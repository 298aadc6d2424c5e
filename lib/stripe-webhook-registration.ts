import { CustomResource, Duration } from 'aws-cdk-lib';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { STRIPE_WEBHOOK_EVENTS } from '../functions/payments/stripe-events.js';
import { stripeWebhook } from '../shared/contract/routes/payments.js';
import { AppFunction } from './app-function.js';

export interface StripeWebhookRegistrationProps {
  /** https://<app domain>, without trailing slash (the distribution CloudFront serves). */
  appUrl: string;
  /** The Stripe API key it registers with, and the secret the webhook handler verifies with. */
  stripeSecretKey: secretsmanager.ISecret;
  webhookSecret: secretsmanager.ISecret;
  /** The webhook route's function: it is restarted whenever the endpoint (and its secret) changes. */
  webhookFunction?: AppFunction;
  environment: Record<string, string>;
}

/** The custom resource's type in the template. */
export const STRIPE_WEBHOOK_RESOURCE_TYPE = 'Custom::StripeWebhookEndpoint';

/**
 * The deploy registers Stripe's webhook itself: a custom resource whose function
 * (functions/payments/register-webhook.ts) finds or creates the endpoint for the webhook route
 * with exactly the events the code handles (STRIPE_WEBHOOK_EVENTS), stores its signing secret in
 * the STRIPE_WEBHOOK_SECRET secret, and fails the deployment when the endpoint would not send one
 * of them. It runs whenever the URL, the event list or its own code changes. The function talks
 * to Stripe only when CloudFormation deploys: `cdk synth` needs no network, and the local stack,
 * whose Stripe emulator sends every event to the gateway, never runs it.
 */
export class StripeWebhookRegistration extends Construct {
  readonly function: AppFunction;
  readonly endpoint: CustomResource;
  readonly url: string;

  constructor(scope: Construct, id: string, props: StripeWebhookRegistrationProps) {
    super(scope, id);
    this.url = `${props.appUrl}${stripeWebhook.path}`;

    this.function = new AppFunction(this, 'Register', {
      handler: 'payments/register-webhook',
      description: 'Registers the Stripe webhook endpoint at deploy time (custom resource)',
      environment: props.environment,
      // Stripe's calls, each bounded by the SDK budget, plus the answer to CloudFormation.
      timeout: Duration.minutes(2),
    });
    this.function.bindSecret('STRIPE_SECRET_KEY', props.stripeSecretKey);
    this.function.bindSecret('STRIPE_WEBHOOK_SECRET', props.webhookSecret);
    // Stripe shows a new endpoint's signing secret once: this function stores it.
    props.webhookSecret.grantWrite(this.function);

    this.endpoint = new CustomResource(this, 'Endpoint', {
      serviceToken: this.function.fn.functionArn,
      resourceType: STRIPE_WEBHOOK_RESOURCE_TYPE,
      properties: { Url: this.url, Events: [...STRIPE_WEBHOOK_EVENTS] },
    });

    // A new endpoint comes with a new secret, which warm containers of the webhook function
    // (they read secrets once) would not know: a changed endpoint id in its configuration
    // starts fresh ones.
    props.webhookFunction?.fn.addEnvironment(
      'STRIPE_WEBHOOK_ENDPOINT_ID',
      this.endpoint.getAttString('EndpointId'),
    );
  }
}

import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_EVENTS } from '../../functions/payments/stripe-events.js';
import { STRIPE_WEBHOOK_RESOURCE_TYPE } from '../../lib/stripe-webhook-registration.js';
import { stripeWebhook } from '../../shared/contract/routes/payments.js';
import { actionsOf, environmentOf, logicalId, nagFindings, statementsOf, synth } from './synth.js';

/**
 * The deploy registers Stripe's webhook: a custom resource with the events the code handles and
 * the webhook route's URL, run by a function that may read the Stripe key and write the
 * webhook's signing secret, and nothing else.
 */
const s = synth({ jobs: [] });
const { stack, template } = s;
const registration = stack.stripeWebhook;
const [resource, ...others] = Object.values(template.findResources(STRIPE_WEBHOOK_RESOURCE_TYPE));

describe('the Stripe webhook registration', () => {
  it('is one custom resource with exactly the events the webhook handles', () => {
    expect(others).toEqual([]);
    expect(resource?.Properties.Events).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    // Refunds and disputes included: money taken back must reach the code.
    expect(resource?.Properties.Events).toEqual(
      expect.arrayContaining(['charge.refunded', 'charge.dispute.created']),
    );
    expect(resource?.Properties.ServiceToken).toEqual({
      'Fn::GetAtt': [logicalId(stack, registration.function.fn), 'Arn'],
    });
  });

  it("points at the webhook route under the app's own URL", () => {
    expect(stripeWebhook.path).toBe('/api/payments/webhook');
    expect(stack.resolve(resource?.Properties.Url)).toEqual(
      stack.resolve(`${stack.web.appUrl}/api/payments/webhook`),
    );
  });

  it('reads the Stripe key and writes the signing secret the webhook handler reads', () => {
    const key = logicalId(stack, stack.secrets.byName.STRIPE_SECRET_KEY);
    const webhook = logicalId(stack, stack.secrets.byName.STRIPE_WEBHOOK_SECRET);
    const env = environmentOf(s, registration.function);
    expect(env.STRIPE_SECRET_KEY_SECRET_ARN).toEqual({ Ref: key });
    expect(env.STRIPE_WEBHOOK_SECRET_SECRET_ARN).toEqual({ Ref: webhook });
    const writes = statementsOf(s, registration.function).filter((st) =>
      st.Action.includes('secretsmanager:PutSecretValue'),
    );
    expect(writes.map((st) => st.Resource)).toEqual([{ Ref: webhook }]);
    const allowed = /^(logs|xray|secretsmanager):/;
    expect(actionsOf(s, registration.function).filter((a) => !allowed.test(a))).toEqual([]);
    // The handler reads the same secret.
    const handlerEnv = environmentOf(s, stack.api.functions.stripeWebhook as never);
    expect(handlerEnv.STRIPE_WEBHOOK_SECRET_SECRET_ARN).toEqual({ Ref: webhook });
  });

  it('takes no signing secret as a parameter: the secret starts empty, the deploy fills it', () => {
    expect(template.toJSON().Parameters.StripeWebhookSecret).toBeUndefined();
    const secret =
      template.toJSON().Resources[logicalId(stack, stack.secrets.byName.STRIPE_WEBHOOK_SECRET)];
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.GenerateSecretString).toBeUndefined();
  });

  it('restarts the webhook function when the endpoint, and so its secret, changes', () => {
    const env = environmentOf(s, stack.api.functions.stripeWebhook as never);
    expect(env.STRIPE_WEBHOOK_ENDPOINT_ID).toEqual({
      'Fn::GetAtt': [
        stack.getLogicalId(registration.endpoint.node.defaultChild as never),
        'EndpointId',
      ],
    });
  });

  it('leaves cdk-nag clean', () => {
    expect(nagFindings(stack)).toEqual([]);
  });
});

/**
 * What the deploy does with Stripe's webhook endpoint (register-webhook.ts runs it as a
 * CloudFormation custom resource). Pure: it sees the endpoints Stripe lists and what the stack
 * holds, and decides; the caller talks to Stripe and Secrets Manager.
 */

/** The fields of a Stripe webhook endpoint the plan reads. */
export interface EndpointView {
  id: string;
  url: string;
  enabled_events: readonly string[];
  status: string;
}

export type RegistrationPlan =
  /** No endpoint for the URL: create one (Stripe shows its signing secret only now). */
  | { action: 'create' }
  /**
   * An endpoint for the URL whose signing secret the stack does not hold (made by hand, or by
   * another stack): only a new endpoint comes with a secret, so it is deleted and created again.
   */
  | { action: 'recreate'; id: string }
  /** The stack's own endpoint with other events, or disabled: set exactly the events, enable it. */
  | { action: 'update'; id: string }
  | { action: 'keep'; id: string };

export interface PlanInput {
  /** Every webhook endpoint of the Stripe account. */
  endpoints: readonly EndpointView[];
  /** `{AppUrl}/api/payments/webhook`. */
  url: string;
  /** STRIPE_WEBHOOK_EVENTS. */
  required: readonly string[];
  /** The endpoint this stack registered before (the custom resource's physical id), if any. */
  ownEndpointId?: string;
  /** Whether Secrets Manager holds a signing secret (`whsec_…`) for the webhook handler. */
  haveSecret: boolean;
}

/** Required events the endpoint would not send; `*` sends every event. */
export function missingEvents(enabled: readonly string[], required: readonly string[]): string[] {
  if (enabled.includes('*')) return [];
  return required.filter((e) => !enabled.includes(e));
}

/** Exactly the required events, enabled: nothing to change. */
function upToDate(endpoint: EndpointView, required: readonly string[]): boolean {
  const enabled = new Set(endpoint.enabled_events);
  return (
    endpoint.status === 'enabled' &&
    enabled.size === new Set(required).size &&
    required.every((e) => enabled.has(e))
  );
}

export function planRegistration(input: PlanInput): RegistrationPlan {
  const forUrl = input.endpoints.filter((e) => e.url === input.url);
  const own = forUrl.find((e) => e.id === input.ownEndpointId);
  if (own && input.haveSecret) {
    return upToDate(own, input.required)
      ? { action: 'keep', id: own.id }
      : { action: 'update', id: own.id };
  }
  const other = own ?? forUrl[0];
  return other ? { action: 'recreate', id: other.id } : { action: 'create' };
}

/**
 * The check after the plan ran: the deploy fails, naming what is wrong, unless the endpoint is
 * enabled, points at the URL and sends every event the code handles.
 */
export function registrationProblem(
  endpoint: EndpointView,
  url: string,
  required: readonly string[],
): string | undefined {
  const problems: string[] = [];
  if (endpoint.url !== url) problems.push(`points at ${endpoint.url}, not ${url}`);
  if (endpoint.status !== 'enabled') problems.push(`is ${endpoint.status}`);
  const missing = missingEvents(endpoint.enabled_events, required);
  if (missing.length) problems.push(`does not send ${missing.join(', ')}`);
  return problems.length
    ? `Stripe webhook endpoint ${endpoint.id} ${problems.join('; ')}`
    : undefined;
}

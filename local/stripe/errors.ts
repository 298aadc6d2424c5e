/** An answer of the emulator: status and a body shaped like Stripe's. */
export interface Reply {
  status: number;
  body: unknown;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** Stripe's error envelope; the `stripe` SDK turns `type` into its error classes. */
export function stripeError(
  status: number,
  error: { type: string; message: string; code?: string; param?: string } & Record<string, unknown>,
): Reply {
  const docCode = error.code?.replaceAll('_', '-');
  return {
    status,
    body: {
      error: {
        ...error,
        ...(docCode ? { doc_url: `https://stripe.com/docs/error-codes/${docCode}` } : {}),
      },
    },
  };
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  stripeError(400, { type: 'invalid_request_error', message, param, code });

export const missing = (kind: string, id: string, param = 'id') =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });

export const unauthenticated = (message: string) =>
  stripeError(401, { type: 'invalid_request_error', message });

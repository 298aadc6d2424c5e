import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/contract/function-timeouts.js';
import { invoke, lambdaContext, ROUTE_TIMEOUT_MS, TIMED_OUT } from './lambda-adapter.js';

const event = {} as APIGatewayProxyEventV2WithJWTAuthorizer;

describe('the local Lambda', () => {
  it('has the timeout lib/ gives the API functions', () => {
    expect(ROUTE_TIMEOUT_MS).toBe(API_FUNCTION_TIMEOUT_SECONDS * 1_000);
    const remaining = lambdaContext('f').getRemainingTimeInMillis();
    expect(remaining).toBeLessThanOrEqual(ROUTE_TIMEOUT_MS);
    expect(remaining).toBeGreaterThan(ROUTE_TIMEOUT_MS - 1_000);
  });

  it('stops waiting at the timeout and ignores what the handler answers later', async () => {
    let late = false;
    const result = await invoke(
      async () => {
        await new Promise((r) => setTimeout(r, 200));
        late = true;
        return { statusCode: 200, body: 'too late' };
      },
      event,
      'slow',
      30,
    );
    expect(result).toBe(TIMED_OUT);
    await new Promise((r) => setTimeout(r, 250));
    expect(late).toBe(true);
  });

  it('hands the handler a context counting down from that timeout', async () => {
    const result = await invoke(
      async (_e, context) => ({
        statusCode: 200,
        body: String(context.getRemainingTimeInMillis()),
      }),
      event,
      'quick',
      5_000,
    );
    expect(result).not.toBe(TIMED_OUT);
    const left = Number((result as { body: string }).body);
    expect(left).toBeLessThanOrEqual(5_000);
    expect(left).toBeGreaterThan(4_000);
  });
});

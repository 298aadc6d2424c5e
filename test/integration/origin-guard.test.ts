import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HttpEvent } from '../../functions/platform/http.js';
import { lambdaContext } from '../../local/gateway/lambda-adapter.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/contract/origin.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { api } from '../support/client.js';

/**
 * The API answers only requests that came through CloudFront (DESIGN: the WAF sits there).
 * CloudFront adds ORIGIN_VERIFY_HEADER with a secret; a request to the execute-api URL
 * without it is refused by the one middy stack. Here a handler is called as API Gateway would
 * call it after a direct hit on its URL, against this run's stack.
 */
const stack = inject('stack');
const call = api(stack);
const SECRET = 'origen-de-prueba-4f9k2q';

type Handler = (
  event: HttpEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<{
  statusCode?: number;
  body?: string;
}>;
let listCountries: Handler;

const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
    ORIGIN_VERIFY_SECRET: SECRET,
    LOG_LEVEL: 'ERROR',
  });
  ({ handler: listCountries } = (await import('../../functions/countries/list-countries.js')) as {
    handler: Handler;
  });
});
afterAll(() => {
  process.env = saved;
});

const event = (headers: Record<string, string>): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'GET /api/countries',
    rawPath: '/api/countries',
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'direct',
      http: { method: 'GET', path: '/api/countries', sourceIp: '203.0.113.9' },
    },
  }) as unknown as HttpEvent;

describe('a request that skipped CloudFront', () => {
  it.each([
    ['without the header', {}],
    ['with a guessed value', { [ORIGIN_VERIFY_HEADER]: 'adivinado' }],
    ['with the value in another case', { [ORIGIN_VERIFY_HEADER]: SECRET.toUpperCase() }],
    ['with an empty value', { [ORIGIN_VERIFY_HEADER]: '' }],
  ])('is refused %s: 403 in Spanish', async (_name, headers) => {
    const res = await listCountries(event(headers), lambdaContext('listCountries'));
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body ?? '{}')).toEqual({
      error: { code: 'FORBIDDEN', message: apiEs.originRefused },
    });
  });

  it('is answered with the right value (what CloudFront sends)', async () => {
    const res = await listCountries(
      event({ [ORIGIN_VERIFY_HEADER]: SECRET }),
      lambdaContext('listCountries'),
    );
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '{}')).toHaveProperty('countries');
  });
});

describe('the local gateway, like CloudFront', () => {
  it('sends its origin secret, replacing whatever the client put in that header', async () => {
    const plain = await call('GET', '/api/countries');
    expect(plain.status).toBe(200);
    const forged = await call('GET', '/api/countries', {
      headers: { [ORIGIN_VERIFY_HEADER]: 'adivinado' },
    });
    expect(forged.status).toBe(200);
  });
});

import middy from '@middy/core';
import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import * as z from 'zod/mini';
// Zod's own messages in Spanish for every handler (each imports only its domain's routes).
import '../../shared/contract/zod-locale.js';
import type { RouteDef } from '../../shared/contract/route-def.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { type Caller, callerOf, requireCaller } from './auth-context.js';
import { VIEWER_ADDRESS_HEADER, viewerIp } from './client-address.js';
import { deadlineFor, isDeadlineError, timedOut, withDeadline } from './deadline.js';
import { AppError } from './errors.js';
import { logger } from './logger.js';
import { assertFromOrigin } from './origin-guard.js';
import { asHttpEvent } from './rest-event.js';
import { unavailableError } from './unavailable.js';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** What a route implementation receives: validated input, the caller and request facts. */
export interface RouteInput<Body, Query = undefined> {
  body: Body;
  /** The query string validated by the route's `query` schema (undefined without one). */
  q: Query;
  /** The body exactly as received, for routes that verify a signature over it. */
  rawBody: string;
  caller: Caller | undefined;
  /** What the route's guard returned (httpRoute options), before the body was read. */
  guarded?: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  sourceIp: string;
  requestId: string;
}

type BodyOf<R> = R extends { request?: infer S extends z.core.$ZodType } ? z.output<S> : undefined;
type QueryOf<R> = R extends { query?: infer S extends z.core.$ZodType } ? z.output<S> : undefined;
type ResultOf<R> = R extends { response?: infer S extends z.core.$ZodType } ? z.input<S> : unknown;

const DEFAULT_MAX_BODY = 16 * 1024;

const securityHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

function json(statusCode: number, body: unknown, extra: Record<string, string> = {}) {
  return {
    statusCode,
    headers: { ...securityHeaders, ...extra },
    body: body === undefined ? '' : JSON.stringify(body),
  } satisfies APIGatewayProxyStructuredResultV2;
}

export function errorResponse(err: unknown): APIGatewayProxyStructuredResultV2 {
  // An SDK call aborted at the deadline is the same retryable 503 as a refused write.
  if (!(err instanceof AppError) && isDeadlineError(err)) return errorResponse(timedOut());
  // A dependency that is down, hung or overloaded: a retryable 503 that says so, not a 500.
  const unavailable = err instanceof AppError ? undefined : unavailableError(err);
  if (unavailable) {
    logger.warn('dependency unavailable', {
      error: (err as Error)?.name,
      code: (err as { code?: string })?.code,
      message: (err as Error)?.message,
    });
    return errorResponse(unavailable);
  }
  if (err instanceof AppError) {
    return json(err.status, {
      error: {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      },
    });
  }
  // Unknown errors never reach the browser with details: log them, answer a plain message.
  logger.error('unhandled error', err as Error);
  return json(500, { error: { code: 'INTERNAL', message: apiEs.internal } });
}

/** zod issues → { field: first Spanish message }. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function bodyText(event: HttpEvent, route: RouteDef): string {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text) > (route.maxBodyBytes ?? DEFAULT_MAX_BODY)) {
    throw new AppError('PAYLOAD_TOO_LARGE', apiEs.payloadTooLarge);
  }
  return text;
}

function parseBody(text: string, route: RouteDef): unknown {
  if (!route.request) return undefined;
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_JSON', apiEs.badJson);
  }
}

function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const first = Object.values(fields)[0] ?? apiEs.validation;
    throw new AppError('VALIDATION', first, fields);
  }
  return result.data;
}

/**
 * Wraps one route implementation into a Lambda handler: one middy stack for every route.
 * It parses and validates the body with the route's schema, re-checks the auth level,
 * runs the implementation and maps typed errors to the HTTP table.
 */
export function httpRoute<R extends RouteDef>(
  route: R,
  impl: (input: RouteInput<BodyOf<R>, QueryOf<R>>) => Promise<ResultOf<R>>,
  options: {
    successStatus?: number;
    /**
     * Runs once the caller is known and before the body is read: a check that must refuse
     * first (the work context's membership, organizations/acting-as.ts). Its result reaches
     * the implementation as `guarded`.
     */
    guard?: (caller: Caller | undefined, headers: Record<string, string>) => Promise<unknown>;
  } = {},
) {
  const run = async (
    event: HttpEvent,
    context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    try {
      await assertFromOrigin(event.headers ?? {}); // only requests through CloudFront
      const caller = requireCaller(route.auth, callerOf(event));
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.headers ?? {})) {
        if (v !== undefined) headers[k.toLowerCase()] = v;
      }
      const guarded = options.guard ? await options.guard(caller, headers) : undefined;
      const rawBody = bodyText(event, route);
      const body = route.request ? validate(route.request, parseBody(rawBody, route)) : undefined;
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.queryStringParameters ?? {})) {
        if (v !== undefined) query[k] = v;
      }
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.pathParameters ?? {})) {
        if (v !== undefined) params[k] = v;
      }
      const q = route.query ? validate(route.query, query) : undefined;
      const result = await impl({
        body: body as BodyOf<R>,
        q: q as QueryOf<R>,
        rawBody,
        caller,
        guarded,
        params,
        query,
        headers,
        // The viewer's own address (CloudFront-Viewer-Address), not the CloudFront edge's.
        sourceIp: viewerIp(
          headers[VIEWER_ADDRESS_HEADER],
          event.requestContext?.http?.sourceIp ?? 'unknown',
        ),
        requestId: context?.awsRequestId ?? event.requestContext?.requestId ?? 'local',
      });
      return json(options.successStatus ?? 200, result);
    } catch (err) {
      return errorResponse(err);
    }
  };
  // Every request runs under its deadline (platform/deadline.ts), below the Lambda timeout, so
  // the handler answers itself — a retryable 503 — and nothing writes after that answer.
  // Each request logs in a scope of its own (platform/logger.ts): its id and route never leak
  // into another request's lines or into background work running in the same process.
  // In AWS a REST API event (payload 1.0), locally an HTTP API one: one shape from here on.
  const base = (event: HttpEvent | APIGatewayProxyEvent, context: Context) =>
    logger.withScope(async () => {
      logger.addContext(context);
      logger.appendKeys({ route: route.id });
      const deadline = deadlineFor(context);
      try {
        return await withDeadline(deadline, () => run(asHttpEvent(event), context));
      } finally {
        deadline.dispose();
      }
    });
  // middy's own early timeout is off: it answered a 500 while the handler went on writing.
  return middy(base, { timeoutEarlyInMillis: 0 });
}

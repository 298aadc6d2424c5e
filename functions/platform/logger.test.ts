import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { formatError, JsonLogger } from './logger.js';

function capture(threshold: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' = 'INFO') {
  const lines: { level: string; entry: Record<string, unknown> }[] = [];
  const logger = new JsonLogger('sello', threshold, (level, line) =>
    lines.push({ level, entry: JSON.parse(line) as Record<string, unknown> }),
  );
  return { logger, lines };
}

const context = (id: string) =>
  ({ functionName: 'sello-list-orders', awsRequestId: id }) as unknown as Context;

afterEach(() => {
  delete process.env._X_AMZN_TRACE_ID;
});

describe('the JSON logger', () => {
  it('writes one JSON object per entry with the service, level and time', () => {
    const { logger, lines } = capture();
    logger.info('order paid', { order_id: 'o-1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.entry).toMatchObject({
      level: 'INFO',
      message: 'order paid',
      service: 'sello',
      order_id: 'o-1',
    });
    expect(Date.parse(String(lines[0]?.entry.timestamp))).not.toBeNaN();
  });

  it('drops entries under its level', () => {
    const { logger, lines } = capture('WARN');
    logger.debug('a');
    logger.info('b');
    logger.warn('c');
    logger.error('d');
    expect(lines.map((l) => l.entry.message)).toEqual(['c', 'd']);
  });

  it('marks only the first invocation as a cold start and carries each request id', () => {
    const { logger, lines } = capture();
    logger.addContext(context('r-1'));
    logger.appendKeys({ route: 'listOrders' });
    logger.info('first');
    logger.addContext(context('r-2'));
    logger.info('second');
    expect(lines.map((l) => l.entry)).toMatchObject([
      { cold_start: true, function_request_id: 'r-1', route: 'listOrders' },
      { cold_start: false, function_request_id: 'r-2', route: 'listOrders' },
    ]);
  });

  it("keeps each invocation's keys to its own lines, and none outside any invocation", async () => {
    const { logger, lines } = capture();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const first = logger.withScope(async () => {
      logger.addContext(context('r-1'));
      logger.appendKeys({ route: 'signingStep' });
      await held;
      logger.info('first, after the second began');
    });
    await logger.withScope(async () => {
      logger.addContext(context('r-2'));
      logger.appendKeys({ route: 'listOrders' });
      logger.info('second');
    });
    release();
    await first;
    // Background work (a seal run, an outbox send) started outside any request.
    logger.info('background');
    const byMessage = Object.fromEntries(lines.map((l) => [l.entry.message, l.entry]));
    expect(byMessage.second).toMatchObject({ function_request_id: 'r-2', route: 'listOrders' });
    expect(byMessage['first, after the second began']).toMatchObject({
      function_request_id: 'r-1',
      route: 'signingStep',
    });
    expect(byMessage.background).not.toHaveProperty('route');
    expect(byMessage.background).not.toHaveProperty('function_request_id');
  });

  it('adds the X-Ray trace id of the current request', () => {
    const { logger, lines } = capture();
    process.env._X_AMZN_TRACE_ID =
      'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f;Sampled=1';
    logger.info('traced');
    expect(lines[0]?.entry.xray_trace_id).toBe('1-5759e988-bd862e3fe1be46a994272793');
  });

  it('logs an error with its name, message, location and stack, alone or among keys', () => {
    const { logger, lines } = capture();
    const err = new TypeError('boom');
    logger.error('unhandled error', err);
    logger.warn('webhook failed', { status: 502, cause: err });
    expect(lines[0]?.entry.error).toEqual(formatError(err));
    expect(lines[1]?.entry).toMatchObject({ status: 502, cause: { name: 'TypeError' } });
    expect(formatError(err)).toMatchObject({
      name: 'TypeError',
      message: 'boom',
      location: expect.stringMatching(/logger\.test\.ts:\d+$/),
    });
  });
});

import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigCache } from './config.js';
import { hitRateLimit, releaseRateHit } from './rate-limit.js';
import { sha256 } from './secrets.js';

const ddb = mockClient(DynamoDBDocumentClient);
const clock = (iso: string) => ({ now: () => new Date(iso) });

beforeEach(() => {
  process.env.TABLE_NAME = 'sello-test';
  process.env.AWS_REGION = 'us-east-1';
  resetConfigCache();
  ddb.reset();
});
afterEach(() => ddb.reset());

describe('hitRateLimit', () => {
  it('counts in a fixed window keyed by the hashed client, never the raw key', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { hits: 1 } });
    await hitRateLimit('signup', '10.0.0.1', 3, 600, clock('2026-11-22T10:05:00Z'));
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    const window = Math.floor(Date.parse('2026-11-22T10:05:00Z') / 1000 / 600);
    expect(input?.Key).toEqual({ pk: `RATE#signup#${sha256('10.0.0.1')}`, sk: `W#${window}` });
    expect(JSON.stringify(input)).not.toContain('10.0.0.1');
    expect(input?.ExpressionAttributeValues?.[':ttl']).toBe((window + 1) * 600 + 60);
  });

  it('counts only while the window is under the limit, and returns the item it counted in', async () => {
    ddb.on(UpdateCommand).resolves({});
    const hit = await hitRateLimit('signup', 'k', 3, 600, clock('2026-11-22T10:05:00Z'));
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(hit).toEqual(input?.Key);
    // The condition makes the refused hit count nothing: the counter never passes the limit.
    expect(input?.ConditionExpression).toBe('attribute_not_exists(hits) OR hits < :limit');
    expect(input?.ExpressionAttributeValues?.[':limit']).toBe(3);
  });

  it('refuses the hit past the limit with 429', async () => {
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('full'), { name: 'ConditionalCheckFailedException' }));
    await expect(hitRateLimit('signup', 'k', 3, 600)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
    });
  });

  it('lets a table failure surface instead of passing silently', async () => {
    ddb.on(UpdateCommand).rejects(new Error('boom'));
    await expect(hitRateLimit('signup', 'k', 3, 600)).rejects.toThrow('boom');
  });
});

describe('releaseRateHit', () => {
  const hit = { pk: 'RATE#signup#abc', sk: 'W#42' };

  it('takes one hit off the very item it was counted in, never below zero', async () => {
    ddb.on(UpdateCommand).resolves({});
    await releaseRateHit(hit);
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.Key).toEqual(hit);
    expect(input?.UpdateExpression).toBe('ADD hits :minusOne');
    expect(input?.ConditionExpression).toBe('hits > :zero');
    expect(input?.ExpressionAttributeValues).toEqual({ ':minusOne': -1, ':zero': 0 });
  });

  it('does nothing when there is nothing to give back (a counter already at zero)', async () => {
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('zero'), { name: 'ConditionalCheckFailedException' }));
    await expect(releaseRateHit(hit)).resolves.toBeUndefined();
  });

  it('never throws: a table failure leaves the hit counted', async () => {
    ddb.on(UpdateCommand).rejects(new Error('boom'));
    await expect(releaseRateHit(hit)).resolves.toBeUndefined();
  });
});

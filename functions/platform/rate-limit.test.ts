import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conditionFailed, mockTable } from '../../test/support/mock-table.js';
import { hitRateLimit, releaseRateHit } from './rate-limit.js';
import { sha256 } from './secrets.js';

const ddb = mockTable();
const clock = (iso: string) => ({ now: () => new Date(iso) });

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
    ddb.on(UpdateCommand).rejects(conditionFailed('full'));
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
    ddb.on(UpdateCommand).rejects(conditionFailed('zero'));
    await expect(releaseRateHit(hit)).resolves.toBeUndefined();
  });

  it('never throws: a table failure leaves the hit counted', async () => {
    ddb.on(UpdateCommand).rejects(new Error('boom'));
    await expect(releaseRateHit(hit)).resolves.toBeUndefined();
  });
});

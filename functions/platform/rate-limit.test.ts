import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
    const id = input?.ExpressionAttributeValues?.[':id'];
    expect(hit).toEqual({ ...input?.Key, id });
    // The condition makes the refused hit count nothing: the counter never passes the limit.
    expect(input?.ConditionExpression).toBe(
      '(attribute_not_exists(hits) OR hits < :limit) AND NOT contains(ids, :id)',
    );
    expect(input?.UpdateExpression).toBe('ADD hits :one, ids :ids SET #ttl = :ttl');
    expect(input?.ExpressionAttributeValues?.[':ids']).toEqual(new Set([id]));
    expect(input?.ExpressionAttributeValues?.[':limit']).toBe(3);
  });

  it('gives every hit its own id', async () => {
    ddb.on(UpdateCommand).resolves({});
    const a = await hitRateLimit('signup', 'k', 3, 600);
    const b = await hitRateLimit('signup', 'k', 3, 600);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses the hit past the limit with 429', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed('full'));
    ddb.on(GetCommand).resolves({ Item: { ids: new Set(['someone-else']) } });
    await expect(hitRateLimit('signup', 'k', 3, 600)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
    });
  });

  it("counts a hit whose own earlier try landed (the SDK's retry), not as the one over the limit", async () => {
    let id: unknown;
    ddb.on(UpdateCommand).callsFake((input) => {
      id = input.ExpressionAttributeValues[':id'];
      throw conditionFailed('own hit');
    });
    ddb.on(GetCommand).callsFake(() => ({ Item: { ids: new Set([id]) } }));
    const hit = await hitRateLimit('signup', 'k', 3, 600);
    expect(hit.id).toBe(id);
    const get = ddb.commandCalls(GetCommand)[0]?.args[0].input;
    expect(get?.ConsistentRead).toBe(true);
  });

  it('lets a table failure surface instead of passing silently', async () => {
    ddb.on(UpdateCommand).rejects(new Error('boom'));
    await expect(hitRateLimit('signup', 'k', 3, 600)).rejects.toThrow('boom');
  });
});

describe('releaseRateHit', () => {
  const hit = { pk: 'RATE#signup#abc', sk: 'W#42', id: 'hit-1' };

  it('takes that one hit off the very item it was counted in, once, never below zero', async () => {
    ddb.on(UpdateCommand).resolves({});
    await releaseRateHit(hit);
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(input?.Key).toEqual({ pk: hit.pk, sk: hit.sk });
    expect(input?.UpdateExpression).toBe('ADD hits :minusOne DELETE ids :ids');
    expect(input?.ConditionExpression).toBe('hits > :zero AND contains(ids, :id)');
    expect(input?.ExpressionAttributeValues).toEqual({
      ':minusOne': -1,
      ':zero': 0,
      ':ids': new Set(['hit-1']),
      ':id': 'hit-1',
    });
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

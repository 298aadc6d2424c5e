import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { conditionFailed, mockTable } from '../../test/support/mock-table.js';
import { hitLimit, LIMITS, releaseLimit } from './limits.js';
import { sha256 } from './secrets.js';

const ddb = mockTable();
const clock = { now: () => new Date('2026-11-24T12:00:00Z') };

describe('LIMITS', () => {
  it('gives every limit its own scope, a positive number and a window', () => {
    const scopes = Object.values(LIMITS).map((l) => l.scope);
    expect(new Set(scopes).size).toBe(scopes.length);
    for (const l of Object.values(LIMITS)) {
      expect(Number.isInteger(l.limit) && l.limit > 0).toBe(true);
      expect(Number.isInteger(l.windowSeconds) && l.windowSeconds >= 60).toBe(true);
    }
  });

  it('counts a hit under the named limit and refuses the one past it with 429', async () => {
    const { scope, limit, windowSeconds } = LIMITS.paymentIntentsPerUser;
    ddb.on(UpdateCommand).resolves({});
    await hitLimit('paymentIntentsPerUser', 'user-1', clock);
    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    const window = Math.floor(Date.parse('2026-11-24T12:00:00Z') / 1000 / windowSeconds);
    expect(input?.Key).toEqual({ pk: `RATE#${scope}#${sha256('user-1')}`, sk: `W#${window}` });
    expect(input?.ExpressionAttributeValues?.[':limit']).toBe(limit);

    ddb.on(UpdateCommand).rejects(conditionFailed('full'));
    ddb.on(GetCommand).resolves({ Item: { ids: new Set(['other-hits']) } });
    await expect(hitLimit('paymentIntentsPerUser', 'user-1', clock)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('gives a counted hit back in the window it was counted in', async () => {
    ddb.on(UpdateCommand).resolves({});
    const hit = await hitLimit('recoveryMailPerAddress', 'ana@example.com', clock);
    await releaseLimit(hit);
    const [counted, released] = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(released?.Key).toEqual(counted?.Key);
    expect(released?.ExpressionAttributeValues?.[':minusOne']).toBe(-1);
    expect(released?.ExpressionAttributeValues?.[':id']).toBe(
      counted?.ExpressionAttributeValues?.[':id'],
    );
  });
});

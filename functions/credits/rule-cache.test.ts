import { beforeEach, describe, expect, it, vi } from 'vitest';

const findActiveRule = vi.fn();
vi.mock('../catalog/repo.js', () => ({ findActiveRule }));

const { cachedActiveRule, RULE_CACHE_SECONDS } = await import('./rule-cache.js');

const rule = (credits: number) => ({
  id: 'r1',
  service_name: 'ai_chat_message',
  service_type: 'ai',
  credits_per_unit: credits,
  description: '',
});

describe('consumption rule cache', () => {
  beforeEach(() => findActiveRule.mockReset());

  it('reads the catalogue once per minute per rule, not once per spend', async () => {
    findActiveRule.mockResolvedValueOnce(rule(1)).mockResolvedValueOnce(rule(2));
    const t = 1_000_000;
    expect(await cachedActiveRule('ai_chat_message', t)).toEqual(rule(1));
    expect(await cachedActiveRule('ai_chat_message', t + 59_000)).toEqual(rule(1));
    expect(findActiveRule).toHaveBeenCalledTimes(1);
    // After the minute, an admin's new price is read.
    expect(await cachedActiveRule('ai_chat_message', t + RULE_CACHE_SECONDS * 1000)).toEqual(
      rule(2),
    );
    expect(findActiveRule).toHaveBeenCalledTimes(2);
  });

  it('never caches a missing or inactive rule', async () => {
    findActiveRule.mockResolvedValue(undefined);
    expect(await cachedActiveRule('notarial_service', 1)).toBeUndefined();
    expect(await cachedActiveRule('notarial_service', 2)).toBeUndefined();
    expect(findActiveRule).toHaveBeenCalledTimes(2);
  });
});

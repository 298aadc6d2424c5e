import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { ActionKeys, keepKeyAfter } from './idempotency';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('idempotency keys of spending actions', () => {
  it('keeps the key after an unknown outcome, drops it after a definite refusal', () => {
    expect(keepKeyAfter(new ApiError(0, 'NETWORK', ''))).toBe(true);
    expect(keepKeyAfter(new ApiError(503, 'UNAVAILABLE', ''))).toBe(true);
    expect(keepKeyAfter(new ApiError(500, 'INTERNAL', ''))).toBe(true);
    expect(keepKeyAfter(new ApiError(409, 'CONFLICT', ''))).toBe(true);
    expect(keepKeyAfter(new TypeError('Failed to fetch'))).toBe(true);
    expect(keepKeyAfter(new ApiError(422, 'INSUFFICIENT_CREDITS', ''))).toBe(false);
    expect(keepKeyAfter(new ApiError(400, 'VALIDATION', ''))).toBe(false);
  });

  it('a retry after a 503 or no answer reuses the key; a new action gets a new one', () => {
    const keys = new ActionKeys(counter());
    const first = keys.keyFor('ai_chat_message');
    keys.failed('ai_chat_message', new ApiError(503, 'UNAVAILABLE', 'Inténtalo de nuevo'));
    expect(keys.keyFor('ai_chat_message')).toBe(first);
    keys.failed('ai_chat_message', new TypeError('Failed to fetch'));
    expect(keys.keyFor('ai_chat_message')).toBe(first);
    // Another service is another action, with its own key.
    const other = keys.keyFor('notarial_service');
    expect(other).not.toBe(first);
    // Answered: the next click is a new use.
    keys.succeeded('ai_chat_message');
    const next = keys.keyFor('ai_chat_message');
    expect(next).not.toBe(first);
    // A definite refusal ends the attempt too.
    keys.failed('ai_chat_message', new ApiError(422, 'INSUFFICIENT_CREDITS', ''));
    expect(keys.keyFor('ai_chat_message')).not.toBe(next);
    expect(keys.keyFor('notarial_service')).toBe(other);
  });
});

import { ApiError } from './api';

/**
 * Idempotency keys of the actions that spend (a credits checkout, a credit service, a
 * subscription): the server charges a key once, so the same action sent again is charged once.
 */

/**
 * A fresh key for one spending attempt (subscribe, use a service): the server charges a key
 * once, so a retried request cannot charge twice. A UUID fits the contract (8–64 of [A-Za-z0-9_-]).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers on plain http (no secure context): 128 random bits in hex.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * After a failure whose outcome is unknown (no answer, a 5xx such as the 503 of a dependency
 * that did not answer, a conflict with the same attempt still running) a retry is the same
 * attempt and keeps its key; a definite refusal (insufficient credits, invalid data) ends it.
 */
export function keepKeyAfter(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status >= 500 || err.code === 'CONFLICT';
}

/**
 * One key per action (e.g. per service of the credit-services page): the same action retried
 * after an unknown outcome reuses its key, so a use that did land meanwhile is reported, not
 * charged again; once the action is answered (or definitely refused) the next click is a new
 * action with a new key.
 */
export class ActionKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly newKey: () => string) {}

  /** The key of `action`: the pending one of an unfinished attempt, or a new one. */
  keyFor(action: string): string {
    let key = this.keys.get(action);
    if (!key) {
      key = this.newKey();
      this.keys.set(action, key);
    }
    return key;
  }

  /** The server answered: the next click on `action` is a new use. */
  succeeded(action: string): void {
    this.keys.delete(action);
  }

  /** Keeps the key for a retry when the outcome is unknown, drops it on a definite refusal. */
  failed(action: string, err: unknown): void {
    if (!keepKeyAfter(err)) this.keys.delete(action);
  }
}

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

import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: `pi_3Q…` (prefix + 24 base62 characters). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

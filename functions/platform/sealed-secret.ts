import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets a job must carry for a few seconds (an FEA certificate password and SMS code, on
 * their way to the provider: docs/drafts/fea-design.md §3) are written sealed, never in clear:
 * AES-256-GCM under a key from Secrets Manager, bound to the item that carries them (`bound`,
 * the associated data), so a sealed value copied to another item does not open. The key string
 * is hashed to 32 bytes, so any generated secret serves.
 */
const VERSION = 'v1';

const keyOf = (key: string) => createHash('sha256').update(`sealed-secret:${key}`).digest();

export function sealSecret(key: string, bound: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  cipher.setAAD(Buffer.from(bound, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed value, or undefined when it was not sealed with this key for this item. */
export function openSecret<T>(key: string, bound: string, sealed: string): T | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(bound, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const clear = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return JSON.parse(clear.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

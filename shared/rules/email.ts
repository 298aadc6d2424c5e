/** An address "like {email} with no spaces", one @, a dot in the domain; 254 is RFC 5321's limit. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(value);
}

/** E-mail addresses are compared and stored lower-cased and trimmed. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

import { ApiError } from './api';

/**
 * Splits the server's per-field messages into those a form shows under its own fields and the
 * rest (shown in the form's alert), so no message is lost.
 */
export function splitFieldErrors<K extends string>(
  err: unknown,
  formFields: readonly K[],
): { fields: Partial<Record<K, string>>; other: string[] } {
  const fields: Partial<Record<K, string>> = {};
  const other: string[] = [];
  if (!(err instanceof ApiError)) return { fields, other };
  for (const [name, message] of Object.entries(err.fields)) {
    if ((formFields as readonly string[]).includes(name)) fields[name as K] = message;
    else other.push(message);
  }
  return { fields, other };
}

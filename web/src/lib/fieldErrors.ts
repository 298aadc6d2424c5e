import { ApiError } from './api';

/**
 * Splits the server's per-field messages into those a form shows under its own fields and the
 * rest (shown in the form's alert), so no message is lost. An item of a list field (the
 * server's `services.0`) is shown on the list (`services`).
 */
export function splitFieldErrors<K extends string>(
  err: unknown,
  formFields: readonly K[],
): { fields: Partial<Record<K, string>>; other: string[] } {
  const fields: Partial<Record<K, string>> = {};
  const other: string[] = [];
  if (!(err instanceof ApiError)) return { fields, other };
  for (const [name, message] of Object.entries(err.fields)) {
    const field = (formFields as readonly string[]).includes(name) ? name : name.split('.')[0];
    if (field && (formFields as readonly string[]).includes(field)) {
      fields[field as K] ??= message;
    } else other.push(message);
  }
  return { fields, other };
}

/**
 * A refused submit as a react-hook-form form shows it: each field's own message under its field
 * (`setFieldError`), what no field names as one line for the form's alert (returned; empty when
 * the fields say it all). The decision forms of the notary's page share it.
 */
export function applyServerErrors<K extends string>(
  err: unknown,
  formFields: readonly K[],
  setFieldError: (name: K, error: { type: 'server'; message: string }) => void,
): string {
  const { fields, other } = splitFieldErrors(err, formFields);
  for (const name of formFields) {
    const message = fields[name];
    if (message) setFieldError(name, { type: 'server', message });
  }
  if (other.length) return other.join('. ');
  return Object.keys(fields).length ? '' : err instanceof Error ? err.message : '';
}

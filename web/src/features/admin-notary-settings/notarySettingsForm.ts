import type { FieldError } from 'react-hook-form';
import type { NotarySettings, PutNotarySettingsRequest } from '../../../../shared/contract/notary';

/** The form's fields, in the order the screen shows them (and the server names them). */
export const SETTINGS_FIELDS = [
  'services_offered',
  'regions',
  'assignment_weight',
  'take_minutes',
  'process_minutes',
  'max_open',
  'active',
] as const satisfies readonly (keyof PutNotarySettingsRequest)[];

/** What the form starts from: the stored settings without the load and the save time. */
export function toFormValues(s: NotarySettings): PutNotarySettingsRequest {
  return {
    services_offered: [...s.services_offered],
    regions: [...s.regions],
    assignment_weight: s.assignment_weight,
    take_minutes: s.take_minutes,
    process_minutes: s.process_minutes,
    max_open: s.max_open,
    active: s.active,
  };
}

/**
 * A checkbox of a multiple choice ticked or unticked: the codes stay in the order of `options`
 * (the order the screen lists them), so the same choice always saves the same list.
 */
export function toggleCode(
  selected: readonly string[],
  code: string,
  on: boolean,
  options: readonly { code: string }[],
): string[] {
  const next = new Set(selected);
  if (on) next.add(code);
  else next.delete(code);
  const ordered = options.map((o) => o.code).filter((c) => next.has(c));
  // A stored code no longer among the options is kept at the end (the server decides on it).
  return [...ordered, ...[...next].filter((c) => !ordered.includes(c))];
}

/** The message of a list field's error: on the list itself or on one of its items. */
export function listErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as FieldError).message;
  if (own) return own;
  for (const item of Object.values(error as Record<string, unknown>)) {
    const message = (item as FieldError | undefined)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

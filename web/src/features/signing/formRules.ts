import type { SigningComponent, ValidationRules } from '../../../../shared/contract/signing';

/**
 * The server's form rules (credits-signing-admin §5), checked before a step is posted. The
 * server re-checks everything; these only spare the signer a round trip. Each rule carries its
 * own message, shown under its field.
 */

/** Component types whose value the signer enters; their id is the posted field's name. */
export const FIELD_TYPES = new Set<SigningComponent['type']>([
  'input',
  'password',
  'code',
  'signature',
  'camera',
]);

export const CODE_MAX_LENGTH = 8;

/** The first failed rule's message, or undefined when the value passes every rule. */
export function checkRules(value: string, rules: ValidationRules | undefined): string | undefined {
  if (!rules) return undefined;
  // required: trimmed non-empty.
  if (rules.required && value.trim() === '') return rules.required.message;
  // An empty optional field is not checked further: the other rules apply to what was typed.
  if (value === '') return undefined;
  if (rules.minLength && value.trim().length < rules.minLength.value) {
    return rules.minLength.message;
  }
  // digits: digits only, exactly `value` of them.
  if (rules.digits && !new RegExp(`^\\d{${rules.digits.value}}$`).test(value)) {
    return rules.digits.message;
  }
  return undefined;
}

/** Every failed field of a screen, by component id (empty when the form may be posted). */
export function checkForm(
  components: readonly SigningComponent[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const c of components) {
    if (!FIELD_TYPES.has(c.type)) continue;
    const message = checkRules(values[c.id] ?? '', c.validation);
    if (message) errors[c.id] = message;
  }
  return errors;
}

/** What a code field keeps of what was typed or pasted: digits only, at most 8 (§2 screen 8). */
export function sanitizeCode(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, CODE_MAX_LENGTH);
}

/** A new screen's starting values: what the server put in each field's `value`, else empty. */
export function initialValues(components: readonly SigningComponent[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const c of components) {
    if (!FIELD_TYPES.has(c.type) || c.type === 'signature' || c.type === 'camera') continue;
    const v = c.value === undefined ? '' : String(c.value);
    values[c.id] = c.type === 'code' ? sanitizeCode(v) : v;
  }
  return values;
}

/** The form values a step posts: the screen's fields that hold something, by component id. */
export function postedValues(
  components: readonly SigningComponent[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of components) {
    if (!FIELD_TYPES.has(c.type)) continue;
    const v = values[c.id];
    if (v !== undefined && v !== '') out[c.id] = v;
  }
  return out;
}

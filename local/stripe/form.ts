/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys
 * (`metadata[package_id]=basico`, `payment_method_data[card][number]=4242…`). Decoded into nested
 * plain objects; every leaf stays a string, as Stripe receives it.
 */
export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (!path) continue;
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
        break;
      }
      const next = node[part];
      if (typeof next === 'object') {
        node = next;
      } else {
        const child: FormObject = {};
        node[part] = child;
        node = child;
      }
    }
  }
  return root;
}

/** `a[b][c]` → ['a', 'b', 'c']; malformed keys are ignored. */
function keyPath(key: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return undefined;
  const rest = [...(m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1] ?? '');
  return [m[1] as string, ...rest];
}

export const str = (v: FormValue | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;

export const obj = (v: FormValue | undefined): FormObject | undefined =>
  typeof v === 'object' ? v : undefined;

/** A legal text cut at its `{name}` placeholders, which the page turns into links. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; name: string; raw: string };

export function splitPlaceholders(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    const index = m.index ?? 0;
    if (index > at) parts.push({ kind: 'text', text: text.slice(at, index) });
    parts.push({ kind: 'link', name: m[1] as string, raw: m[0] });
    at = index + m[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

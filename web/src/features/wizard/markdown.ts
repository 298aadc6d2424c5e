/**
 * A tiny markdown reader for the AI analysis result (§7.5: the service answers markdown). It
 * knows headings, bullet and numbered lists, paragraphs, bold, italics and inline code, and
 * turns everything else into plain text. It returns a tree that Markdown.tsx renders as React
 * elements: the text is never handed to innerHTML, so markup in the answer stays text.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flushParagraph = () => {
    if (paragraph.length) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
      paragraph = [];
    }
  };
  const flushList = () => {
    if (list) {
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
      list = null;
    }
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\t/g, '  ');
    if (line.trim() === '' || RULE.test(line)) {
      flushParagraph();
      flushList();
      continue;
    }
    const heading = HEADING.exec(line.trim());
    if (heading) {
      flushParagraph();
      flushList();
      const level = (heading[1] as string).length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] as string) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      flushParagraph();
      const ordered = !!numbered;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push((item[1] as string).trim());
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      // An indented line continues the last item.
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last]} ${line.trim()}`;
      continue;
    }
    flushList();
    paragraph.push(line.trim());
  }
  flushParagraph();
  flushList();
  return blocks;
}

const INLINE = /(\*\*|__)(?=\S)([\s\S]*?\S)\1|`([^`]+)`|(\*|_)(?=\S)([\s\S]*?\S)\4/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      pushText(out, rest);
      break;
    }
    // An underscore inside a word (snake_case) is text, not emphasis.
    const intraword = (m[1] === '__' || m[4] === '_') && /\w$/.test(rest.slice(0, m.index));
    if (intraword) {
      pushText(out, rest.slice(0, m.index + 1));
      rest = rest.slice(m.index + 1);
      continue;
    }
    pushText(out, rest.slice(0, m.index));
    if (m[2] !== undefined) out.push({ type: 'strong', children: parseInline(m[2]) });
    else if (m[3] !== undefined) out.push({ type: 'code', text: m[3] });
    else out.push({ type: 'em', children: parseInline(m[5] as string) });
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

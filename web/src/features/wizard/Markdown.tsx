import { type ReactNode, useMemo } from 'react';
import { type Inline, parseMarkdown } from './markdown';

/**
 * Renders the AI analysis (markdown) as React elements. Headings start one level below
 * `baseLevel` so they sit under the panel's own heading in the page outline.
 */
export function Markdown({ source, baseLevel = 3 }: { source: string; baseLevel?: 2 | 3 | 4 | 5 }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className="markdown">
      {blocks.map((block, i) => {
        const key = `${block.type}-${i}`;
        if (block.type === 'heading') {
          const level = Math.min(6, baseLevel + block.level - 1);
          const Tag = `h${level}` as 'h3' | 'h4' | 'h5' | 'h6';
          return <Tag key={key}>{inlines(block.children)}</Tag>;
        }
        if (block.type === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={key}>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of the text.
                <li key={j}>{inlines(item)}</li>
              ))}
            </List>
          );
        }
        return <p key={key}>{inlines(block.children)}</p>;
      })}
    </div>
  );
}

function inlines(children: Inline[]): ReactNode[] {
  return children.map((node, i) => {
    if (node.type === 'text') return node.text;
    // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of the text.
    if (node.type === 'code') return <code key={i}>{node.text}</code>;
    // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of the text.
    if (node.type === 'strong') return <strong key={i}>{inlines(node.children)}</strong>;
    // biome-ignore lint/suspicious/noArrayIndexKey: a static rendering of the text.
    return <em key={i}>{inlines(node.children)}</em>;
  });
}

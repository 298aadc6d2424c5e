import type { ReactNode } from 'react';
import './facts.css';

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  /** Needed when the label is not a plain string. */
  key?: string;
  /** The sum the list leads to ('Total pagado'): larger, in the primary colour. */
  total?: boolean;
  valueClassName?: string;
}

/**
 * Label-and-value facts as one description list: `rows` puts each value at the right of its
 * label (summaries, a success page), `grid` sets them in columns with the label above (an
 * order's or a receipt's details). Falsy entries are skipped, so a caller lists optional facts
 * inline. One piece for every screen that shows facts, with one look.
 */
export function FactList({
  facts,
  layout = 'rows',
  className,
  label,
}: {
  facts: readonly (Fact | null | false | '' | undefined)[];
  layout?: 'rows' | 'grid';
  className?: string;
  label?: string;
}) {
  const shown = facts.filter((f): f is Fact => !!f);
  return (
    <dl
      className={['facts', `facts--${layout}`, className].filter(Boolean).join(' ')}
      aria-label={label}
    >
      {shown.map((f, i) => (
        <div key={f.key ?? (typeof f.label === 'string' ? f.label : i)}>
          <dt>{f.label}</dt>
          <dd
            className={
              [f.total ? 'facts__total' : '', f.valueClassName].filter(Boolean).join(' ') ||
              undefined
            }
          >
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

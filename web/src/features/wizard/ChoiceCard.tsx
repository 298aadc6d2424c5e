import { type ReactNode, useId } from 'react';
import { SoonBadge } from '../../components/coming-soon/SoonBadge';
import { Icon } from '../../components/layout-bits/icons';

export interface ChoiceCardProps {
  title: string;
  description?: ReactNode;
  /** A line under the description (e.g. the price). */
  meta?: ReactNode;
  /** A badge beside the title (e.g. 'Obligatorio'). */
  badge?: ReactNode;
  selected: boolean;
  /** Shown, announced as unavailable, but still focusable (a forced choice). */
  locked?: boolean;
  /**
   * Not delivered yet (issue 21): the catalogue item it stands for ("service:fea"); the card is
   * disabled and carries the 'Próximamente' badge instead of `badge`.
   */
  soon?: string;
  onSelect(): void;
}

/**
 * A selectable card: a toggle button (aria-pressed) named by its title and described by the
 * rest, so a second press can remove the choice (§4.1) and the keyboard works like any button.
 */
export function ChoiceCard({
  title,
  description,
  meta,
  badge,
  selected,
  locked = false,
  soon,
  onSelect,
}: ChoiceCardProps) {
  const id = useId();
  const hasBadge = !!soon || !!badge;
  return (
    <button
      type="button"
      className={[
        'choice-card',
        selected && 'choice-card--selected',
        locked && 'choice-card--locked',
        soon && 'choice-card--soon',
      ]
        .filter(Boolean)
        .join(' ')}
      aria-pressed={selected}
      disabled={!!soon}
      aria-disabled={locked || undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={
        [description && `${id}-desc`, meta && `${id}-meta`, hasBadge && `${id}-badge`]
          .filter(Boolean)
          .join(' ') || undefined
      }
      onClick={() => {
        if (!locked && !soon) onSelect();
      }}
    >
      <span className="choice-card__check" aria-hidden="true">
        {selected ? <Icon name="check" size={16} strokeWidth={3} /> : null}
      </span>
      <span className="choice-card__body">
        <span className="choice-card__head">
          <span id={`${id}-title`} className="choice-card__title">
            {title}
          </span>
          {soon ? (
            <SoonBadge item={soon} id={`${id}-badge`} />
          ) : badge ? (
            <span id={`${id}-badge`} className="choice-card__badge">
              {badge}
            </span>
          ) : null}
        </span>
        {description ? (
          <span id={`${id}-desc`} className="choice-card__desc">
            {description}
          </span>
        ) : null}
        {meta ? (
          <span id={`${id}-meta`} className="choice-card__meta">
            {meta}
          </span>
        ) : null}
      </span>
    </button>
  );
}

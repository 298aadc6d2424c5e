import type { ReactNode } from 'react';
import { Icon, type IconName } from '../layout-bits/icons';
import './stat-tiles.css';

export interface StatTile {
  label: string;
  icon: IconName;
  /** The figure, already formatted; '–' stands in while it loads. */
  value: ReactNode;
  /** A word after the figure ("créditos"), smaller. */
  unit?: ReactNode;
  hint?: string;
  /** The icon's colour (and the figure's, for 'primary'). */
  tone?: 'primary' | 'success' | 'neutral' | 'warning';
  /** The one figure the row is about (the balance): drawn in the primary colour. */
  emphasis?: boolean;
}

/**
 * A row of figure tiles (the orders' counters, the wallet's figures, the notary's and the
 * organisation's dashboards): one description list, a tile a figure, four across on a wide
 * screen, two on a narrow one. One piece so every dashboard reads the same way.
 */
export function StatTiles({
  tiles,
  label,
  className,
}: {
  tiles: readonly StatTile[];
  /** Names the list for assistive technology when no heading does. */
  label?: string;
  className?: string;
}) {
  return (
    <dl className={['stat-tiles', className].filter(Boolean).join(' ')} aria-label={label}>
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className={`stat-tile stat-tile--${tile.tone ?? 'primary'}${tile.emphasis ? ' stat-tile--emphasis' : ''}`}
        >
          <dt className="stat-tile__label">
            <span className="stat-tile__icon" aria-hidden="true">
              <Icon name={tile.icon} size={18} />
            </span>
            {tile.label}
          </dt>
          <dd className="stat-tile__value">
            {tile.value ?? '–'}
            {tile.unit ? <span className="stat-tile__unit"> {tile.unit}</span> : null}
          </dd>
          {tile.hint ? <dd className="stat-tile__hint">{tile.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

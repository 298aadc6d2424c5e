import './ui.css';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Shown before the label (hidden by the screen's CSS where space is short). */
  icon?: ReactNode;
  /** Shown after the label, e.g. a count. */
  badge?: ReactNode;
}

export interface TabsProps<T extends string> {
  /** From useId(): ties each tab to its panel (`tabIdOf`, `panelIdOf`). */
  idBase: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The tablist's accessible name. */
  label: string;
  /** Block class of the screen's look: the list gets it, each tab `${className}__tab`. */
  className: string;
}

export const tabIdOf = (idBase: string, id: string) => `${idBase}-tab-${id}`;
export const panelIdOf = (idBase: string, id: string) => `${idBase}-panel-${id}`;

/** Moves focus to a tab from outside the list (e.g. a button in a panel that switches tabs). */
export function focusTab(idBase: string, id: string): void {
  document.getElementById(tabIdOf(idBase, id))?.focus();
}

/**
 * A tab list with the WAI-ARIA tabs pattern: one tab in the page's tab order (the selected
 * one), arrow keys, Home and End move between tabs and select them (automatic activation).
 * Looks are the screen's own (`className`); pair it with `TabPanel`.
 */
export function Tabs<T extends string>({
  idBase,
  tabs,
  selected,
  onSelect,
  label,
  className,
}: TabsProps<T>) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === selected);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current[target.id]?.focus();
  };

  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[t.id] = el;
          }}
          type="button"
          role="tab"
          id={tabIdOf(idBase, t.id)}
          aria-controls={panelIdOf(idBase, t.id)}
          aria-selected={selected === t.id}
          tabIndex={selected === t.id ? 0 : -1}
          className={`${className}__tab`}
          onClick={() => onSelect(t.id)}
          onKeyDown={onKeyDown}
        >
          {t.icon}
          {t.label}
          {t.badge}
        </button>
      ))}
    </div>
  );
}

export interface TabPanelProps {
  idBase: string;
  /** The selected tab, whose panel this is. */
  selected: string;
  className?: string;
  children: ReactNode;
}

export function TabPanel({ idBase, selected, className, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelIdOf(idBase, selected)}
      aria-labelledby={tabIdOf(idBase, selected)}
      className={className}
    >
      {children}
    </div>
  );
}

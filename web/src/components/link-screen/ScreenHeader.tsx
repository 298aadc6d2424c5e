import { useEffect, useRef } from 'react';
import type { ScreenType } from '../../../../shared/contract/signing';
import { Icon } from '../layout-bits/icons';
import { Spinner } from '../ui';
import { SCREEN_LOOK } from './screenLook';
import './link-screen.css';

/**
 * The status icon and colour (§2 screen 8), the title and the description. The title takes
 * focus whenever a new screen arrives (`focusKey` changes), so keyboard and screen reader users
 * start reading the new screen from its top.
 */
export function ScreenHeader({
  titleId,
  type,
  title,
  description,
  focusKey,
}: {
  titleId: string;
  type: ScreenType;
  title: string;
  description?: string;
  focusKey: number | string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusKey marks a new screen.
  useEffect(() => {
    heading.current?.focus();
  }, [focusKey]);
  const look = SCREEN_LOOK[type] ?? SCREEN_LOOK.default;
  return (
    <header className="sign-head">
      <span className={`sign-head__icon sign-head__icon--${look.tone}`} data-screen-type={type}>
        {look.icon === 'spinner' ? <Spinner size={28} /> : <Icon name={look.icon} size={28} />}
      </span>
      <h1 ref={heading} id={titleId} tabIndex={-1} className="sign-head__title">
        {title}
      </h1>
      {description ? <p className="sign-head__description">{description}</p> : null}
    </header>
  );
}

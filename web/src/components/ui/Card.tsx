import './ui.css';
import type { ComponentPropsWithRef, ReactNode } from 'react';

type CardElement = 'div' | 'section' | 'article';

export interface CardProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  /** The element to render (default div). */
  as?: CardElement;
  /** Inner spacing (default md). */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Optional heading rendered at the top, with its level. */
  title?: ReactNode;
  titleLevel?: 2 | 3;
  /** Extra classes. */
  className?: string;
}

/** A surface with border, radius and shadow from the theme. */
export function Card({
  as: Element = 'div',
  padding = 'md',
  title,
  titleLevel = 2,
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <Element
      className={['ui-card', `ui-card--pad-${padding}`, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {title ? <Heading className="ui-card__title">{title}</Heading> : null}
      {children}
    </Element>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ScreenType } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import { ScreenHeader } from '../../components/link-screen/ScreenHeader';
import type { ButtonVariant } from '../../components/ui';
import '../../components/link-screen/link-screen.css';
import './fea.css';

/**
 * The frame of every FEA page (credits-signing-admin §2 screens 9–14): the link screen's card
 * (the signer's screen and the verification pages use the same), its status header, and the
 * page's content and actions below.
 */
export function FeaScreen({
  id,
  type,
  title,
  description,
  children,
}: {
  /** Prefix of the ids of this screen's heading. */
  id: string;
  type: ScreenType;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="sign-page fea-page">
      <title>{`${title} · ${es.layout.brand}`}</title>
      <article className="sign-screen" aria-labelledby={`${id}-title`}>
        <ScreenHeader
          titleId={`${id}-title`}
          type={type}
          title={title}
          description={description}
          focusKey={`${type}:${title}`}
        />
        {children}
      </article>
    </div>
  );
}

/** The screen's buttons, the main one first (it ends up rightmost on a wide screen). */
export function FeaActions({ children }: { children: ReactNode }) {
  return <div className="sign-actions sign-actions--center">{children}</div>;
}

/** A navigation drawn as the design system's button. */
export function ActionLink({
  to,
  variant = 'primary',
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`ui-btn ui-btn--${variant} ui-btn--md`}>
      <span className="ui-btn__label">{children}</span>
    </Link>
  );
}

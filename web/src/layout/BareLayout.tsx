import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { es } from '../../../shared/messages.es';
import { Logo } from '../components/layout-bits/icons';
import './layout.css';

/**
 * Minimal centred layout, without header nor sidebar, for the signer and FEA result pages
 * (/sign/…, /firmar/…, *unlock-success*, *enrolment-success*, *password-recovery*). It imports
 * nothing from the auth feature, so these pages never download the auth library.
 */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bare">
      <main id="main-content" className="bare__main" tabIndex={-1}>
        <Link to="/" className="brand bare__brand">
          <Logo size={36} />
          <span className="brand__name brand__name--always">{es.layout.brand}</span>
        </Link>
        <div className="bare__content">{children}</div>
      </main>
    </div>
  );
}

import { Link } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Alert } from '../ui';
import './credit-screens.css';

/** The low-balance warning with a way to buy more (§2 screens 3 and 4, §9 thresholds). */
export function LowCreditsBanner({ message }: { message: string }) {
  return (
    <Alert
      tone="warning"
      className="credits-banner"
      action={
        <Link to="/credit-packages" className="credits-banner__link">
          {es.credits.buyCredits}
        </Link>
      }
    >
      {message}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { es } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { creditWord } from '../../lib/wallet/walletRules';
import { Icon } from '../layout-bits/icons';
import './credit-screens.css';

/** A small pill with the signed-in user's balance, for the credit screens' headers. */
export function BalancePill({ balance, children }: { balance: number; children?: ReactNode }) {
  return (
    <p className="balance-pill">
      <Icon name="coins" size={18} />
      <span>
        {es.credits.balance}: <strong>{formatCredits(balance)}</strong> {creditWord(balance)}
      </span>
      {children}
    </p>
  );
}

import type { Wallet } from '../../../../shared/contract/credits';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { Alert } from '../../components/ui';
import { creditWord } from '../../lib/wallet/walletRules';

interface Tile {
  label: string;
  value: number;
  icon: IconName;
  hint?: string;
  tone: 'primary' | 'success' | 'neutral' | 'warning';
}

/** The four figures of the history page (§2 screen 5): balance, earned, used, expiring soon. */
export function WalletSummary({ wallet }: { wallet: Wallet }) {
  const tiles: Tile[] = [
    { label: es.credits.balance, value: wallet.balance, icon: 'coins', tone: 'primary' },
    {
      label: es.credits.totalEarned,
      value: wallet.total_earned,
      icon: 'trendingUp',
      tone: 'success',
    },
    { label: es.credits.totalUsed, value: wallet.total_used, icon: 'activity', tone: 'neutral' },
    {
      label: es.credits.expiringSoon,
      value: wallet.expiring_soon,
      icon: 'clock',
      tone: 'warning',
      hint: es.credits.expiringSoonHint,
    },
  ];
  return (
    <>
      {wallet.debt > 0 ? (
        <Alert tone="warning">
          {fmt(es.credits.debtNotice, { debt: formatCredits(wallet.debt) })}
        </Alert>
      ) : null}
      <dl className="wallet-summary">
        {tiles.map((tile) => (
          <div key={tile.label} className={`wallet-tile wallet-tile--${tile.tone}`}>
            <dt className="wallet-tile__label">
              <span className="wallet-tile__icon" aria-hidden="true">
                <Icon name={tile.icon} size={18} />
              </span>
              {tile.label}
            </dt>
            <dd className="wallet-tile__value">
              {formatCredits(tile.value)}
              <span className="wallet-tile__unit"> {creditWord(tile.value)}</span>
            </dd>
            {tile.hint ? <dd className="wallet-tile__hint">{tile.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </>
  );
}

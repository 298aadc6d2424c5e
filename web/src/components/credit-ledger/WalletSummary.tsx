import type { Wallet } from '../../../../shared/contract/credits';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';
import { creditWord } from '../../lib/wallet/walletRules';
import { type StatTile, StatTiles } from '../stat-tiles/StatTiles';
import { Alert } from '../ui';

type Tile = Omit<StatTile, 'value' | 'unit'> & { value: number };

/** The four figures of the history page (§2 screen 5): balance, earned, used, expiring soon. */
export function WalletSummary({ wallet }: { wallet: Wallet }) {
  const tiles: Tile[] = [
    {
      label: es.credits.balance,
      value: wallet.balance,
      icon: 'coins',
      tone: 'primary',
      emphasis: true,
    },
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
      <StatTiles
        className="wallet-summary"
        tiles={tiles.map((tile) => ({
          ...tile,
          value: formatCredits(tile.value),
          unit: creditWord(tile.value),
        }))}
      />
    </>
  );
}

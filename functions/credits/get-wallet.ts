import * as routes from '../../shared/contract/routes/credits.js';
import { EXPIRING_SOON_DAYS } from '../../shared/rules/credits.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { userOwner } from './keys.js';
import { readWallet } from './ledger.js';
import { expiringSoon } from './ledger-settle.js';

export const handler = httpRoute(routes.getWallet, async ({ caller }) => {
  const owner = userOwner(mustBeCaller(caller).sub);
  const now = epochSeconds(systemClock.now());
  const [wallet, soon] = await Promise.all([
    readWallet(owner),
    expiringSoon(owner, now, EXPIRING_SOON_DAYS * 86_400),
  ]);
  return {
    balance: wallet.balance,
    total_earned: wallet.totalEarned,
    total_used: wallet.totalUsed,
    expiring_soon: soon,
  };
});

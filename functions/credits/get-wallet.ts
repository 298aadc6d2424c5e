import * as routes from '../../shared/contract/routes/credits.js';
import { expiringSoonEnd } from '../../shared/rules/credits.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { readWallet } from './ledger.js';
import { expiringSoon } from './ledger-read.js';

/** The wallet of the call's work context: Personal, or the organisation's. */
export const handler = contextRoute(routes.getWallet, async ({ acting }) => {
  const owner = acting.ownerId;
  const now = epochSeconds(systemClock.now());
  const [wallet, soon] = await Promise.all([
    readWallet(owner),
    // Lots expiring up to the end of the 30th Santiago day from today (the query bound is
    // inclusive, the window's end exclusive).
    expiringSoon(owner, now, expiringSoonEnd(now) - 1 - now),
  ]);
  return {
    balance: wallet.balance,
    total_earned: wallet.totalEarned,
    total_used: wallet.totalUsed,
    expiring_soon: soon,
    debt: wallet.debt,
  };
});

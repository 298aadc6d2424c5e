import type { Wallet } from '../../shared/contract/credits.js';
import { expiringSoonEnd } from '../../shared/rules/credits.js';
import { readWallet } from './ledger.js';
import { expiringSoon } from './ledger-read.js';

/** A wallet as the credit screens show it: balance, totals, what expires soon, the debt. */
export async function walletView(owner: string, now: number): Promise<Wallet> {
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
}

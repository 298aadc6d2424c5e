/**
 * Key design of the credits items (docs/data-model.md). Only the credits repositories import
 * this file; nothing else builds these keys.
 *
 *   WALLET#{owner} / BALANCE                       balance, totals, seq, settled lots, journal
 *                                                  (functions/credits/wallet.ts)
 *   WALLET#{owner} / LOT#{expiresAt:10}#{lotId}    lot descriptor (granted, payment intent)
 *       gsi1: LOTEXPIRY / {expiresAt:10}#{owner}#{lotId}   (sparse: only lots in play)
 *   WALLET#{owner} / TX#{seq:12}                   ledger record (the wallet's seq of the change)
 *       gsi1: WALLET#{owner}#TX#{type} / {seq:12}  (type filter)
 *   IDEMP#{owner}#{key} / IDEMP                    first result of a settled command (TTL 30
 *                                                  days, none for payments)
 */

/** Epoch seconds as 10 digits, so they sort as text. */
const pad = (epochSeconds: number) =>
  String(Math.max(0, Math.floor(epochSeconds))).padStart(10, '0');

export const walletPk = (ownerId: string) => `WALLET#${ownerId}`;
export const BALANCE_SK = 'BALANCE';
export const LOT_PREFIX = 'LOT#';
/** Sorts after every LOT# key and before TX#. */
export const LOT_RANGE_END = 'LOT#~';
export const TX_PREFIX = 'TX#';
export const LOT_EXPIRY_PK = 'LOTEXPIRY';

export const balance = (ownerId: string) => ({ pk: walletPk(ownerId), sk: BALANCE_SK });

export const lot = (ownerId: string, expiresAt: number, lotId: string) => ({
  pk: walletPk(ownerId),
  sk: `${LOT_PREFIX}${pad(expiresAt)}#${lotId}`,
});

/** First lot key expiring at or after `epochSeconds`. */
export const lotSkFrom = (epochSeconds: number) => `${LOT_PREFIX}${pad(epochSeconds)}`;

export const lotExpiryIndex = (ownerId: string, expiresAt: number, lotId: string) => ({
  gsi1pk: LOT_EXPIRY_PK,
  gsi1sk: `${pad(expiresAt)}#${ownerId}#${lotId}`,
});

/** Index keys of lots that expired at or before `now` sort before this. */
export const lotExpiryAfter = (now: number) => pad(now + 1);

/**
 * Records sort by the wallet's version (every change bumps it by one), so "newest first" is
 * exact even for changes within the same millisecond.
 */
const seqKey = (version: number) => String(version).padStart(12, '0');

export const tx = (ownerId: string, version: number) => ({
  pk: walletPk(ownerId),
  sk: `${TX_PREFIX}${seqKey(version)}`,
});

export const txTypePk = (ownerId: string, type: string) => `${walletPk(ownerId)}#TX#${type}`;

export const txByType = (ownerId: string, type: string, version: number) => ({
  gsi1pk: txTypePk(ownerId, type),
  gsi1sk: seqKey(version),
});

export const idempotency = (scopeKey: string) => ({ pk: `IDEMP#${scopeKey}`, sk: 'IDEMP' });

/** Owner ids: a user's wallet and an organisation's wallet never share a key. */
export const userOwner = (sub: string) => `user:${sub}`;
export const orgOwner = (orgId: string) => `org:${orgId}`;

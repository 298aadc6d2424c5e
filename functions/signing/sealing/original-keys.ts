/**
 * The index keys of an order whose original is not yet kept with its evidence (pure: the
 * orders repo spreads them into a new order's Put; functions/signing/sealing/original.ts copies the
 * file and takes the order off the list):
 *
 *   ORDER#{oid} / META   gsi2 ORIGINALPENDING / {created_at}#{oid} from payment until copied
 */
export const ORIGINAL_PENDING_INDEX = 'ORIGINALPENDING';

/**
 * How long a document must still live to be paid for: the keep-originals job (every 5 minutes)
 * copies it well within that, and S3 deletes an upload no earlier than its item's `expires_at`.
 */
export const PAYABLE_MARGIN_SECONDS = 3600;

/** Epoch seconds a document must still live past, to be paid for at `now`. */
export const payableUntil = (now: Date): number =>
  Math.floor(now.getTime() / 1000) + PAYABLE_MARGIN_SECONDS;

export const originalPendingKeys = (createdAt: string, orderId: string) => ({
  gsi2pk: ORIGINAL_PENDING_INDEX,
  gsi2sk: `${createdAt}#${orderId}`,
});

import type { SigningResponse } from '../../../shared/contract/signing.js';
import { getOrder } from '../../orders/repo.js';
import type { SignerRecord } from '../../orders/signer-records.js';
import { safeEqual } from '../../platform/secrets.js';
import { linkInvalidScreen, linkReplacedScreen, orderClosedScreen } from '../steps/screens.js';
import { screenContext } from './context.js';

/**
 * A link that does not open a flow, looked at once more (issue 21): when its token is one this
 * signer held before (a resend replaced it, or the order's cancellation revoked it), its holder
 * is the signer or someone they forwarded the mail to, and is told what happened: the order was
 * cancelled, or a newer link went to their mail. Every other link keeps the one answer that
 * tells a guesser nothing (screens.linkInvalidScreen); only a former token costs one more read.
 */
export async function formerLinkScreen(
  signer: SignerRecord | undefined,
  tokenHash: string,
): Promise<SigningResponse> {
  // Every kept hash is compared, found or not: the time does not say which one matched.
  const former = (signer?.replaced_token_hashes ?? []).reduce(
    (hit, h) => safeEqual(h, tokenHash) || hit,
    false,
  );
  if (!signer || !former) return linkInvalidScreen();
  const order = await getOrder(signer.order_id);
  if (!order) return linkInvalidScreen();
  const ctx = screenContext(order, signer);
  if (order.status === 'cancelled') return orderClosedScreen(ctx);
  if (
    order.status === 'processing' &&
    signer.estado_firma === 'pending' &&
    !signer.link_revoked_at
  ) {
    return linkReplacedScreen(ctx);
  }
  return linkInvalidScreen();
}

import type { SigningResponse } from '../../../shared/contract/signing.js';
import type { OrderRecord } from '../../orders/repo.js';
import type { SignerRecord } from '../../orders/signer-records.js';
import { receivesDelivery } from '../delivery/delivery.js';
import { sealedFileName, sealedLink } from '../delivery/file-links.js';
import { requesterName } from '../link/context.js';
import { signedAtText } from '../trail/signed-at.js';
import type { ScreenContext } from './screen-builder.js';
import { type SignedDelivery, signedScreen } from './screens.js';

async function deliveryFor(order: OrderRecord, signer: SignerRecord): Promise<SignedDelivery> {
  if (!receivesDelivery(order, signer.email))
    return { kind: 'requester_only', requester: requesterName(order) };
  const url = order.status === 'completed' ? await sealedLink(order) : null;
  return url
    ? { kind: 'sealed', url, fileName: sealedFileName(order.document_name) }
    : { kind: 'by_mail' };
}

/** The final screen of a signer who signed, as true as the order is now. */
export async function signedOutcome(
  order: OrderRecord,
  signer: SignerRecord,
  ctx: ScreenContext,
  justSigned = false,
): Promise<SigningResponse> {
  return signedScreen(ctx, {
    ...signedAtText(signer),
    delivery: await deliveryFor(order, signer),
    justSigned,
  });
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SigningResponse } from '../../../shared/contract/signing.js';
import type { OrderRecord } from '../../orders/repo.js';
import type { SignerRecord } from '../../orders/signer-records.js';
import { db, tableName } from '../../platform/db.js';
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
  const [delivery, transactionCode] = await Promise.all([
    deliveryFor(order, signer),
    signer.signature_type === 'advanced' ? providerTransaction(signer.id) : undefined,
  ]);
  return signedScreen(ctx, { ...signedAtText(signer), delivery, justSigned, transactionCode });
}

/** The provider's transaction code of an advanced signature (its SIGNATURE record). */
async function providerTransaction(signerId: string): Promise<string | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: `SIGNER#${signerId}`, sk: 'SIGNATURE' } }),
  );
  const code = res.Item?.transaction_code;
  return typeof code === 'string' ? code : undefined;
}

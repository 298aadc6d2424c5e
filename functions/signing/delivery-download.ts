import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as routes from '../../shared/contract/routes/signing.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import { getOrder } from '../orders/repo.js';
import { db, tableName } from '../platform/db.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import { sha256 } from '../platform/secrets.js';
import { deliveryLinkKey } from './delivery/delivery.js';
import {
  notarizedFileName,
  notarizedLink,
  sealedFileName,
  sealedLink,
} from './delivery/file-links.js';
import { formatVerificationCode } from './sealing/seal-runs.js';

/**
 * POST /api/delivery/download: a delivery mail's personal link (`/descargar/{orderId}?token=`)
 * exchanged for a short-lived link to the sealed PDF, or to the notarized one when the link was
 * sent with it (pattern 98). Unknown, expired and
 * another order's tokens get the same 404, and so do the links of an order cancelled since.
 */
export const handler = httpRoute(routes.downloadDelivery, async ({ body, sourceIp }) => {
  await hitLimit('deliveryPerClient', sourceIp);
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: deliveryLinkKey(sha256(body.token)),
      ConsistentRead: true,
    }),
  );
  const dlv = res.Item;
  const live =
    dlv && dlv.order_id === body.orderId && String(dlv.expires_at) > new Date().toISOString();
  const found = live ? await getOrder(body.orderId) : undefined;
  // A cancelled order (its payment refunded or disputed after delivery) delivers nothing more:
  // its links answer like an unknown one.
  const order = found?.status === 'cancelled' ? undefined : found;
  if (!order?.verification_code) throw notFound(t.deliveryNotFound);
  // A notarized delivery's link downloads the notary's file; every other, the sealed one.
  const notarized = dlv?.file === 'notarized';
  const url = notarized ? await notarizedLink(order) : await sealedLink(order);
  const fileSha = notarized ? order.notarized_sha256 : order.sealed_sha256;
  if (!url || !fileSha) throw notFound(t.deliveryNotFound);
  return {
    url,
    file_name: (notarized ? notarizedFileName : sealedFileName)(order.document_name),
    sha256: fileSha,
    verification_code: formatVerificationCode(order.verification_code),
  };
});

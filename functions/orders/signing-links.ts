import { apiEs } from '../../shared/messages/api.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { type Clock, systemClock } from '../platform/clock.js';
import { required } from '../platform/config.js';
import { AppError, notFound } from '../platform/errors.js';
import { hitLimit } from '../platform/limits.js';
import { logger } from '../platform/logger.js';
import { type Mailer, sesMailer } from '../platform/mail.js';
import { randomToken, sha256 } from '../platform/secrets.js';
import {
  claimFirstLink,
  getOrderParts,
  getOwnedOrder,
  getSigner,
  markLinkSent,
  type OrderRecord,
  replaceToken,
  type SignerRecord,
} from './repo.js';
import { SIGNING_LINK_DAYS } from './service.js';
import { signingMail } from './signing-mail.js';

/**
 * Signing links, sent by Sello itself (this replaces the spec's external 'init_signing'
 * webhook, customer-flows §7.5). Each signer gets a personal link
 * `{APP_URL}/sign/{signerId}?token={token}`: a 256-bit random token that exists only in the
 * e-mail (the signer item keeps its SHA-256), valid 15 days.
 *
 * Nothing is lost and nothing is sent twice: a caller first claims a signer whose link was
 * never sent (the token's hash is written with the claim), then mails, then records
 * `link_sent_at`. Every fulfilment replay (webhook retries, status polls) runs this again and
 * only reaches signers still without a sent link; a claim left by a caller that died is taken
 * over once it is a minute old.
 */
export interface LinkDeps {
  mailer: Mailer;
  clock: Clock;
}

const defaults: LinkDeps = { mailer: sesMailer, clock: systemClock };

const CLAIM_STALE_MS = 60_000;
const DAY_MS = 86_400_000;

export function signingUrl(signerId: string, token: string): string {
  const base = required('APP_URL').replace(/\/+$/, '');
  return `${base}/sign/${encodeURIComponent(signerId)}?token=${encodeURIComponent(token)}`;
}

const requesterOf = (order: OrderRecord) =>
  `${order.billing?.first_name ?? ''} ${order.billing?.last_name ?? ''}`.trim() || 'Sello';

async function mailLink(order: OrderRecord, signer: SignerRecord, token: string, deps: LinkDeps) {
  await deps.mailer.send(
    signingMail({
      to: signer.email,
      signerFirstName: signer.first_name,
      requester: requesterOf(order),
      title: order.title,
      documentName: order.document_name,
      orderNumber: order.order_number,
      url: signingUrl(signer.id, token),
    }),
  );
}

const expiryFrom = (now: Date) => new Date(now.getTime() + SIGNING_LINK_DAYS * DAY_MS);

export interface LinksOutcome {
  sent: number;
  failed: number;
}

/** Sends every link of the order that was never sent; safe to call any number of times. */
export async function sendSigningLinks(
  order: OrderRecord,
  deps: LinkDeps = defaults,
): Promise<LinksOutcome> {
  // A cancelled order's links were revoked: none goes out again.
  if (order.status === 'cancelled') return { sent: 0, failed: 0 };
  const { signers } = await getOrderParts(order);
  const results = await Promise.all(
    signers
      .filter((s) => !s.link_sent_at)
      .map(async (signer): Promise<'sent' | 'skipped' | 'failed'> => {
        const token = randomToken();
        const hash = sha256(token);
        const now = deps.clock.now();
        try {
          const claimed = await claimFirstLink(
            signer.id,
            hash,
            expiryFrom(now).toISOString(),
            now.toISOString(),
            new Date(now.getTime() - CLAIM_STALE_MS).toISOString(),
          );
          if (!claimed) return 'skipped';
          await mailLink(order, signer, token, deps);
          await markLinkSent(signer.id, hash, deps.clock.now().toISOString());
          return 'sent';
        } catch (err) {
          logger.error('signing link not sent', {
            orderId: order.id,
            signerId: signer.id,
            error: (err as Error)?.name,
          });
          return 'failed';
        }
      }),
  );
  const sent = results.filter((r) => r === 'sent').length;
  const failed = results.filter((r) => r === 'failed').length;
  if (sent) logger.info('signing links sent', { orderId: order.id, sent });
  return { sent, failed };
}

/**
 * Issues a new link to a signer of the caller's order and mails it (customer-flows §2.9,
 * §4.2, §5): the old link stops working. 404 for another user's order or a signer of another
 * order, 409 once signed, 422 when no link was ever issued, 429 over the limits.
 */
export async function resendLink(
  orderId: string,
  signerId: string,
  sub: string,
  deps: LinkDeps = defaults,
) {
  await hitLimit('resendPerUser', sub, deps.clock);
  const order = await getOwnedOrder(orderId, sub);
  if (!order) throw notFound(ordersEs.orderNotFound);
  if (order.status === 'cancelled') throw new AppError('CONFLICT', ordersEs.resendCancelled);
  const signer = order.signer_ids.includes(signerId) ? await getSigner(signerId) : undefined;
  if (!signer || signer.order_id !== order.id) throw notFound(apiEs.notFound);
  if (signer.estado_firma === 'signed') throw new AppError('CONFLICT', ordersEs.resendSigned);
  if (!signer.token_hash) throw new AppError('BUSINESS_RULE', ordersEs.signerNoToken);
  await hitLimit('resendPerSigner', signerId, deps.clock);

  const token = randomToken();
  const hash = sha256(token);
  const now = deps.clock.now();
  const replaced = await replaceToken(
    signerId,
    order.id,
    hash,
    expiryFrom(now).toISOString(),
    now.toISOString(),
  );
  if (!replaced) {
    // Signed (or changed) between the read and the write.
    throw new AppError('CONFLICT', ordersEs.resendSigned);
  }
  try {
    await mailLink(order, signer, token, deps);
  } catch (err) {
    logger.error('signing link resend failed', {
      orderId: order.id,
      signerId,
      error: (err as Error)?.name,
    });
    throw new AppError('INTERNAL', ordersEs.resendError);
  }
  await markLinkSent(signerId, hash, deps.clock.now().toISOString());
  return {
    current_step: 'signing_link_sent' as const,
    message: fmt(ordersEs.resendSigningSent, { email: signer.email }),
  };
}

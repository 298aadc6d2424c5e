import { apiEs } from '../../shared/messages/api.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import type { ActingAs } from '../organizations/acting-as.js';
import { type Clock, systemClock } from '../platform/clock.js';
import { AppError, notFound } from '../platform/errors.js';
import { hitLimit, releaseLimit } from '../platform/limits.js';
import { logger } from '../platform/logger.js';
import { type Mailer, sesMailer } from '../platform/mail.js';
import { randomToken, sha256 } from '../platform/secrets.js';
import { appendAudit, auditHeadOf } from '../signing/trail/audit-repo.js';
import { getOrderFor } from './access.js';
import { getOrder } from './repo.js';
import { signingLinkExpiry } from './service.js';
import { getSigner, replaceToken } from './signer-records.js';
import { signingLinkMail } from './signing-mail.js';

/**
 * Signing links, sent by Sello itself (this replaces the spec's external 'init_signing'
 * webhook, customer-flows §7.5). Each signer gets a personal link
 * `{APP_URL}/sign/{signerId}?token={token}`: a 256-bit random token that exists only in the
 * e-mail (the signer item keeps its SHA-256), valid 15 days.
 *
 * The first link of every signer is promised by the order's own transaction and sent by the
 * mail outbox, which mints its token at send time (first-links.ts, functions/mail/). A resend
 * is the customer's request, answered while they wait: a random token, never stored, whose mail
 * goes first; its hash replaces the working one only once SES accepted that mail, so a mail
 * outage never leaves a signer without a working link. The resend moves the link's version on,
 * so an older mail still owed by the outbox is skipped.
 */
export interface LinkDeps {
  mailer: Mailer;
  clock: Clock;
}

const defaults: LinkDeps = { mailer: sesMailer, clock: systemClock };

/**
 * Issues a new link to a signer of the caller's order and mails it (customer-flows §2.9,
 * §4.2, §5): once the mail is accepted the old link stops working. 404 for another user's
 * order or a signer of another order, 409 once signed, 422 when no link was ever issued, 429
 * over the limits, 503 when the mail could not be sent (the old link still works).
 */
export async function resendLink(
  orderId: string,
  signerId: string,
  acting: ActingAs,
  deps: LinkDeps = defaults,
) {
  const userHit = await hitLimit('resendPerUser', acting.sub, deps.clock);
  const order = await getOrderFor(orderId, acting);
  if (!order) throw notFound(ordersEs.orderNotFound);
  if (order.status === 'cancelled') throw new AppError('CONFLICT', ordersEs.resendCancelled);
  const signer = order.signer_ids.includes(signerId) ? await getSigner(signerId) : undefined;
  if (!signer || signer.order_id !== order.id) throw notFound(apiEs.notFound);
  if (signer.estado_firma === 'signed') throw new AppError('CONFLICT', ordersEs.resendSigned);
  if (signer.turn_waiting) throw new AppError('CONFLICT', ordersEs.resendNotYourTurn);
  if (!signer.token_expires_at) throw new AppError('BUSINESS_RULE', ordersEs.signerNoToken);
  const signerHit = await hitLimit('resendPerSigner', signerId, deps.clock);

  const token = randomToken();
  try {
    await deps.mailer.send(signingLinkMail(order, signer, token));
  } catch (err) {
    logger.warn('signing link resend not sent', {
      orderId: order.id,
      signerId,
      error: (err as Error)?.name,
    });
    // Only mails that went out count against the limits: a retry after the outage is free.
    await Promise.all([releaseLimit(userHit), releaseLimit(signerHit)]);
    throw new AppError('UNAVAILABLE', ordersEs.resendMailDown);
  }
  const now = deps.clock.now();
  const replaced = await replaceToken(
    signerId,
    order.id,
    sha256(token),
    signingLinkExpiry(now),
    now.toISOString(),
    // The link it ends is remembered: its holder is told a newer one was sent (issue 21).
    [signer.token_hash ?? '', ...(signer.replaced_token_hashes ?? [])],
  );
  if (!replaced) {
    // Signed (or cancelled) between the read and the write: the mailed link never works.
    throw new AppError('CONFLICT', ordersEs.resendSigned);
  }
  // Evidence: the requester had a new link sent (SES accepted it). Best effort after the swap.
  await appendAudit(
    order.id,
    async () => {
      const o = await getOrder(order.id);
      return o ? auditHeadOf(o) : undefined;
    },
    [{ kind: 'link_resent', actor: { type: 'requester', id: acting.sub }, signer_id: signerId }],
    now.toISOString(),
  ).catch((err: unknown) =>
    logger.warn('resend: not recorded as evidence', {
      orderId: order.id,
      error: (err as Error)?.name,
    }),
  );
  return {
    current_step: 'signing_link_sent' as const,
    message: fmt(ordersEs.resendSigningSent, { email: signer.email }),
  };
}

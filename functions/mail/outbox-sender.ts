import { type Clock, systemClock } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { type Mailer, sesMailer } from '../platform/mail.js';
import { withToken } from './link-tokens.js';
import {
  closeOutbox,
  getOutbox,
  leaseOutbox,
  type OutboxAfter,
  type OutboxRecord,
  releaseOutbox,
} from './outbox.js';

type TransactItems = NonNullable<Parameters<typeof closeOutbox>[3]>;

/** What a kind of outbox mail needs checked before it goes, and written once it went. */
export interface AfterSent<A extends OutboxAfter = OutboxAfter> {
  /** Why this mail must not go any more (its link was replaced, signed, revoked), or undefined. */
  skipReason(after: A): Promise<string | undefined>;
  /**
   * For a mail that carries a link (`link_marker`): derives its token (link-tokens.ts) and
   * writes the token's hash where the link is looked up, before the mail goes, so the link
   * works when it arrives. Idempotent: a retry derives and writes the same. `skip` when the
   * link must not be issued any more (replaced, signed, revoked, order cancelled).
   */
  mint?(after: A, now: Date): Promise<{ token: string } | { skip: string }>;
  /** Written with the 'sent' mark, in one transaction; a failed condition only skips these. */
  writes(after: A, now: Date): TransactItems;
  /**
   * Evidence of the sending (an order's audit event), after the mark. Best effort: the mail
   * went and is marked; a failure here is logged, never retried into a second mail.
   */
  recorded?(after: A, sentAt: Date): Promise<void>;
}

export interface SenderDeps {
  mailer: Mailer;
  clock: Clock;
  after: { [K in OutboxAfter['kind']]: AfterSent<Extract<OutboxAfter, { kind: K }>> };
}

/** A sender holds a mail this long: far beyond one SES call, so two never send it twice. */
export const LEASE_MS = 60_000;

/**
 * Between tries of one mail, growing from 2 s to 30 s: the queue brings the message back every
 * visibility timeout, and a try before its time ends without calling SES, so an outage costs a
 * read per return, not a flood of sends. The cap keeps a recovered mail service at most half a
 * minute away from every waiting mail.
 */
export function backoffMs(attempts: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, attempts - 1));
}

/** Comes back later (the queue retries the message). */
export class NotYet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotYet';
  }
}

export type Delivery = 'sent' | 'skipped' | 'done';

/**
 * Delivers one outbox mail, at most once in the normal course: a mail already sent or skipped
 * is done; otherwise it is leased, sent, and marked sent together with what sending it makes
 * true. Throws (so the queue retries) when SES refused or was unreachable, when another sender
 * holds it, or when its next try is not due yet. Only a sender that dies between SES's "accepted"
 * and the mark can cause a second copy, after its lease runs out.
 */
export async function deliverOutbox(id: string, deps: SenderDeps): Promise<Delivery> {
  const mail = await getOutbox(id);
  if (mail?.status !== 'pending') return 'done';
  const now = deps.clock.now();
  if (mail.next_try_at !== undefined && mail.next_try_at > now.getTime()) {
    throw new NotYet('next try not due');
  }
  const after = deps.after[mail.after.kind] as AfterSent;
  const skip = await after.skipReason(mail.after);
  if (skip) {
    await closeOutbox(id, now, { status: 'skipped', reason: skip });
    logger.info('outbox mail skipped', { outboxId: id, reason: skip });
    return 'skipped';
  }
  if (!(await leaseOutbox(id, now.getTime(), LEASE_MS))) throw new NotYet('held by a sender');
  try {
    const minted = await tokenFor(mail, after, now);
    if ('skip' in minted) {
      await closeOutbox(id, now, { status: 'skipped', reason: minted.skip });
      logger.info('outbox mail skipped', { outboxId: id, reason: minted.skip });
      return 'skipped';
    }
    await deps.mailer.send(partsOf(mail, minted.token));
  } catch (err) {
    const name = (err as Error)?.name ?? 'Error';
    await releaseOutbox(id, name, now.getTime() + backoffMs(mail.attempts + 1)).catch(
      () => undefined,
    );
    logger.warn('outbox mail not sent', { outboxId: id, attempts: mail.attempts + 1, error: name });
    throw err;
  }
  const sentAt = deps.clock.now();
  await closeOutbox(id, sentAt, { status: 'sent' }, after.writes(mail.after, sentAt));
  await after.recorded?.(mail.after, sentAt).catch((err: unknown) =>
    logger.warn('outbox: sending not recorded as evidence', {
      outboxId: id,
      error: (err as Error)?.name,
    }),
  );
  return 'sent';
}

/** The link's token, minted now, for a mail that carries one; none for the others. */
async function tokenFor(
  mail: OutboxRecord,
  after: AfterSent,
  now: Date,
): Promise<{ token?: string } | { skip: string }> {
  if (!mail.link_marker) return {};
  // A mail with a marker and no way to mint would go out with a dead link: never send it.
  if (!after.mint) throw new Error(`outbox: ${mail.after.kind} mails cannot carry a link`);
  return after.mint(mail.after, now);
}

function partsOf(mail: OutboxRecord, token: string | undefined) {
  const fill = (part: string | undefined) =>
    mail.link_marker && token !== undefined
      ? withToken(part ?? '', mail.link_marker, token)
      : (part ?? '');
  return { to: mail.to, subject: mail.subject ?? '', html: fill(mail.html), text: fill(mail.text) };
}

export const defaultSenderDeps = (after: SenderDeps['after']): SenderDeps => ({
  mailer: sesMailer,
  clock: systemClock,
  after,
});

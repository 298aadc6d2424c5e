import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { SigningResponse } from '../../../shared/contract/signing.js';
import { apiEs } from '../../../shared/messages/api.es.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { AppError } from '../../platform/errors.js';
import { hitLimit, limitReached, releaseLimit } from '../../platform/limits.js';
import { logger } from '../../platform/logger.js';
import { requiredSecret } from '../../platform/secret-values.js';
import { safeEqual } from '../../platform/secrets.js';
import { type FlowDeps, type Live, limited, orderSigning, signerEvent } from '../link/context.js';
import {
  CODE_MAX_TRIES,
  CODE_TTL_SECONDS,
  codeClose,
  codePut,
  codeStillOpen,
  countTry,
  getCode,
} from '../link/signer-repo.js';
import type { SignatureFlow } from '../types/index.js';
import { codeMail } from './code-mail.js';
import { codeEntryScreen, codeSendScreen } from './code-screens.js';
import { rejectFormScreen } from './rejection-screens.js';
import { sessionExpiredScreen } from './screens.js';
import { now, nowIso, record, stepItems } from './step-write.js';

/**
 * A 6-digit code by e-mail (issue 12): the simple signature's second step before signing, and
 * what any signer gives to reject (`purpose` reject). Stored as an HMAC, tries counted before
 * the compare, locked after CODE_MAX_TRIES.
 */

/** How long a verified code lets the signer sign (or reject). */
export const VERIFIED_FOR_SECONDS = 10 * 60;

export const verifiedStillValid = (live: Live) => {
  const at = live.session.progress.code_verified_at;
  return !!at && Date.parse(at) / 1000 + VERIFIED_FOR_SECONDS > now(live);
};

const hmacOf = (key: string, codeId: string, code: string) =>
  createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');

/**
 * Sends a 6-digit code. What must come before a code to sign is the type's to check (the simple
 * signature: consent and review); to reject (`purpose` reject, from the rejection's first
 * screen) the code alone is asked.
 */
export async function sendCode(
  live: Live,
  deps: FlowDeps,
  purpose: 'sign' | 'reject',
): Promise<SigningResponse> {
  if (await limitReached('signingCodeLocksPerSigner', locksKey(live))) return locksScreen(live);
  const hit = await limited('signingCodeSendPerSigner', live.signer.id, t.codeSendTooMany);
  const key = await requiredSecret('SIGNING_CODE_HMAC_KEY');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeId = randomUUID();
  try {
    await deps.mailer.send(
      codeMail({
        to: live.signer.email,
        firstName: live.signer.first_name,
        document: live.order.document_name,
        code,
      }),
    );
  } catch (err) {
    // Not sent: the allowance is given back and nothing is stored; the signer may ask again.
    await releaseLimit(hit);
    logger.warn('signing: code mail not accepted', { error: (err as Error)?.name });
    throw new AppError('UNAVAILABLE', apiEs.unavailable);
  }
  const ok = await record(live, {
    items: [
      ...stepItems(live, { code_id: codeId, code_purpose: purpose }),
      codePut(live.signer.id, {
        code_id: codeId,
        code_hmac: hmacOf(key, codeId, code),
        session_hash: live.sessionHash,
        expires_at: now(live) + CODE_TTL_SECONDS,
        tries: 0,
        sent_at: nowIso(live),
        ttl: now(live) + 86_400,
      }),
    ],
    events: [signerEvent(live, 'code_sent', { code_id: codeId, channel: 'email', purpose })],
    order: orderSigning,
  });
  if (!ok) return sessionExpiredScreen();
  return codeEntryScreen(live.ctx, { justSent: true });
}

/**
 * Checks a typed code. A code to reject leads to the reason form; a code to sign, wherever the
 * signer's type now stands with the code verified (the simple signature: its signature pad).
 */
export async function verifyCode(live: Live, flow: SignatureFlow): Promise<SigningResponse> {
  if (!live.session.progress.code_id) return flow.current(live);
  const typed = (live.input.body.code ?? live.input.body.second_factor_code ?? '').trim();
  // A malformed code is a typing slip, not a guess: it costs no try.
  if (!/^\d{6}$/.test(typed)) return codeEntryScreen(live.ctx, { invalid: t.codeDigits });
  const counted = await countTry(live.signer.id, live.sessionHash, now(live));
  if (!counted) return codeUnusable(live, flow);
  const key = await requiredSecret('SIGNING_CODE_HMAC_KEY');
  if (safeEqual(counted.code_hmac, hmacOf(key, counted.code_id, typed))) {
    const ok = await record(live, {
      items: [
        ...stepItems(live, { code_verified_at: nowIso(live) }),
        codeClose(live.signer.id, counted.code_id, 'verified_at', nowIso(live)),
      ],
      events: [signerEvent(live, 'code_verified', { code_id: counted.code_id })],
      order: orderSigning,
    });
    if (!ok) return codeUnusable(live, flow);
    return live.session.progress.code_purpose === 'reject'
      ? rejectFormScreen(live.ctx)
      : flow.current(verified(live));
  }
  const last = counted.tries >= CODE_MAX_TRIES;
  await record(live, {
    items: [
      last
        ? codeClose(live.signer.id, counted.code_id, 'locked_at', nowIso(live))
        : codeStillOpen(live.signer.id, counted.code_id),
    ],
    events: [
      signerEvent(live, 'code_failed', { code_id: counted.code_id, tries: counted.tries }),
      ...(last ? [signerEvent(live, 'code_locked', { code_id: counted.code_id })] : []),
    ],
  });
  if (last) {
    // Locks count per signer across codes: the third in an hour stops new codes for a while.
    await hitLimit('signingCodeLocksPerSigner', locksKey(live)).catch(() => undefined);
    if (await limitReached('signingCodeLocksPerSigner', locksKey(live))) return locksScreen(live);
    return codeSendScreen(live.ctx, { message: t.codeLocked, code: 'SIG-CODE-LOCKED' });
  }
  return codeEntryScreen(live.ctx, { wrong: { left: CODE_MAX_TRIES - counted.tries } });
}

/**
 * Locks count per signer and link: a new link from the requester (who knows the signer) starts
 * afresh, which is what the message offers; a guesser holding one link gets 15 tries an hour.
 */
const locksKey = (live: Live) => `${live.signer.id}:${live.session.link_token_hash.slice(0, 16)}`;

/** Too many codes locked by this signer this hour: no new code until later, or a new link. */
const locksScreen = (live: Live) =>
  codeSendScreen(live.ctx, { message: t.codeLocksTooMany, code: 'SIG-CODE-LOCKS' });

/** Why no try could be counted: no code for this session, locked, expired or used. */
async function codeUnusable(live: Live, flow: SignatureFlow): Promise<SigningResponse> {
  const c = await getCode(live.signer.id);
  if (!c || c.session_hash !== live.sessionHash) {
    return codeSendScreen(live.ctx, { message: t.codeMissing, code: 'SIG-CODE-MISSING' });
  }
  if (c.verified_at) return flow.current(live);
  if (c.locked_at || c.tries >= CODE_MAX_TRIES) {
    return codeSendScreen(live.ctx, { message: t.codeLocked, code: 'SIG-CODE-LOCKED' });
  }
  return codeSendScreen(live.ctx, { message: t.codeExpired, code: 'SIG-CODE-EXPIRED' });
}

/** This step's view of the session once its code is verified (what the write just recorded). */
const verified = (live: Live): Live => ({
  ...live,
  session: {
    ...live.session,
    progress: { ...live.session.progress, code_verified_at: nowIso(live) },
  },
});

import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { SigningResponse } from '../../../shared/contract/signing.js';
import { apiEs } from '../../../shared/messages/api.es.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { AppError } from '../../platform/errors.js';
import { hitLimit, limitReached, releaseLimit } from '../../platform/limits.js';
import { logger } from '../../platform/logger.js';
import { type Mailer, sesMailer } from '../../platform/mail.js';
import { requiredSecret } from '../../platform/secret-values.js';
import { safeEqual, sha256 } from '../../platform/secrets.js';
import {
  epochOf,
  type Live,
  limited,
  orderSigning,
  requesterName,
  signerEvent,
} from '../link/context.js';
import { documentLink } from '../link/document-link.js';
import { sessionProgressUpdate } from '../link/session-repo.js';
import {
  CODE_MAX_TRIES,
  CODE_TTL_SECONDS,
  codeClose,
  codePut,
  codeStillOpen,
  consentPut,
  countTry,
  getCode,
  signerStillPending,
} from '../link/signer-repo.js';
import { type AuditedChange, auditedWrite } from '../trail/audited-write.js';
import { codeMail } from './code-mail.js';
import {
  codeEntryScreen,
  codeSendScreen,
  consentScreen,
  rejectCodeScreen,
  rejectFormScreen,
  reviewScreen,
  sessionExpiredScreen,
  signatureScreen,
} from './screens.js';

/**
 * The simple electronic signature, done in house (issue 12): consent → review of the paid-for
 * bytes → a 6-digit code by e-mail → typed or drawn signature. Each step records its evidence
 * and the session's progress in one audited transaction, and requires the steps before it.
 */

/** The consent text's version: a new text gets a new version, and its hash is recorded. */
export const CONSENT_VERSION = '2026-11-25';
export const CONSENT_SHA256 = sha256(t.consentText);

/** How long a verified code lets the signer sign. */
export const VERIFIED_FOR_SECONDS = 10 * 60;

export interface FlowDeps {
  mailer: Mailer;
}
const defaults: FlowDeps = { mailer: sesMailer };

/** The screen of where this session stands (a reload, 'Volver', a step out of order). */
export async function currentScreen(live: Live): Promise<SigningResponse> {
  const p = live.session.progress;
  if (!p.consent_version) return consentScreen(live.ctx, requesterName(live.order));
  if (!p.viewed_sha256) return reviewScreen(live.ctx, await documentLink(live.order, now(live)));
  if (p.code_verified_at && verifiedStillValid(live)) return signatureScreen(live.ctx);
  if (p.code_id) return codeEntryScreen(live.ctx);
  return codeSendScreen(live.ctx);
}

const now = (live: Live) => epochOf(live.input.now);
const nowIso = (live: Live) => live.input.now.toISOString();

/**
 * 'Rechazar' on any screen: the reason form once the signer's code is verified (and still
 * valid); the code entry when a code is on its way; else the rejection's first screen, which
 * sends one.
 */
export function startRejection(live: Live): SigningResponse {
  const p = live.session.progress;
  if (p.code_verified_at && verifiedStillValid(live)) return rejectFormScreen(live.ctx);
  if (p.code_id && !p.code_verified_at) return codeEntryScreen(live.ctx);
  return rejectCodeScreen(live.ctx);
}

export const verifiedStillValid = (live: Live) => {
  const at = live.session.progress.code_verified_at;
  return !!at && Date.parse(at) / 1000 + VERIFIED_FOR_SECONDS > now(live);
};

/** Records this step's evidence; false when the link or order changed under it. */
async function record(live: Live, change: AuditedChange): Promise<boolean> {
  const res = await auditedWrite(live.order.id, nowIso(live), () => change);
  return res.ok;
}

/** The link still holds, and the session slides: elements every step's write carries. */
function stepItems(live: Live, progress: Parameters<typeof sessionProgressUpdate>[3]) {
  return [
    signerStillPending(live.signer.id, live.session.link_token_hash, 'last_step_at = :now', {
      ':now': nowIso(live),
    }),
    sessionProgressUpdate(live.sessionHash, now(live), live.session.hard_expires_at, progress),
  ];
}

export async function acceptConsent(live: Live): Promise<SigningResponse> {
  const ok = await record(live, {
    items: [
      ...stepItems(live, { consent_version: CONSENT_VERSION, consent_sha256: CONSENT_SHA256 }),
      consentPut({
        signerId: live.signer.id,
        version: CONSENT_VERSION,
        textSha256: CONSENT_SHA256,
        at: nowIso(live),
        ip: live.input.ip,
        userAgent: live.input.userAgent,
        sessionHash: live.sessionHash,
      }),
    ],
    events: [
      signerEvent(live, 'consent_given', { version: CONSENT_VERSION, text_sha256: CONSENT_SHA256 }),
    ],
    order: orderSigning,
  });
  if (!ok) return sessionExpiredScreen();
  return reviewScreen(live.ctx, await documentLink(live.order, now(live)));
}

export async function confirmReview(live: Live): Promise<SigningResponse> {
  if (!live.session.progress.consent_version) return currentScreen(live);
  // The bytes the signer was shown are the order's checked document (document-link.ts).
  const doc = await documentLink(live.order, now(live));
  const ok = await record(live, {
    items: stepItems(live, { viewed_sha256: doc.sha256 }),
    events: [signerEvent(live, 'document_viewed', { sha256: doc.sha256 })],
    order: orderSigning,
  });
  if (!ok) return sessionExpiredScreen();
  return codeSendScreen(live.ctx);
}

const hmacOf = (key: string, codeId: string, code: string) =>
  createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');

/**
 * Sends a 6-digit code. To sign, the signer must have consented and reviewed the document; to
 * reject (`purpose` reject, from the rejection's first screen) the code alone is asked.
 */
export async function sendCode(
  live: Live,
  deps: FlowDeps = defaults,
  purpose: 'sign' | 'reject' = 'sign',
): Promise<SigningResponse> {
  if (purpose === 'sign' && !live.session.progress.viewed_sha256) return currentScreen(live);
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

export async function verifyCode(live: Live): Promise<SigningResponse> {
  if (!live.session.progress.code_id) return currentScreen(live);
  const typed = (live.input.body.code ?? live.input.body.second_factor_code ?? '').trim();
  // A malformed code is a typing slip, not a guess: it costs no try.
  if (!/^\d{6}$/.test(typed)) return codeEntryScreen(live.ctx, { invalid: t.codeDigits });
  const counted = await countTry(live.signer.id, live.sessionHash, now(live));
  if (!counted) return codeUnusable(live);
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
    if (!ok) return codeUnusable(live);
    return live.session.progress.code_purpose === 'reject'
      ? rejectFormScreen(live.ctx)
      : signatureScreen(live.ctx);
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
async function codeUnusable(live: Live): Promise<SigningResponse> {
  const c = await getCode(live.signer.id);
  if (!c || c.session_hash !== live.sessionHash) {
    return codeSendScreen(live.ctx, { message: t.codeMissing, code: 'SIG-CODE-MISSING' });
  }
  if (c.verified_at) return currentScreen(live);
  if (c.locked_at || c.tries >= CODE_MAX_TRIES) {
    return codeSendScreen(live.ctx, { message: t.codeLocked, code: 'SIG-CODE-LOCKED' });
  }
  return codeSendScreen(live.ctx, { message: t.codeExpired, code: 'SIG-CODE-EXPIRED' });
}

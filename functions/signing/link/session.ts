import type { SigningResponse } from '../../../shared/contract/signing.js';
import { getOrder } from '../../orders/repo.js';
import { getSigner } from '../../orders/signer-records.js';
import { randomToken, safeEqual, sha256 } from '../../platform/secrets.js';
import {
  linkInvalidScreen,
  orderClosedScreen,
  rejectedScreen,
  sessionExpiredScreen,
  typeUnavailableScreen,
} from '../steps/screens.js';
import { signedOutcome } from '../steps/signed-outcome.js';
import { auditedWrite } from '../trail/audited-write.js';
import { flowOf } from '../types/index.js';
import {
  epochOf,
  type Live,
  limited,
  orderSigning,
  type StepInput,
  screenContext,
  signatureTypeOf,
  signerEvent,
} from './context.js';
import { formerLinkScreen } from './former-link.js';
import {
  getSession,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS,
  type SigningSession,
  sessionPut,
} from './session-repo.js';
import { linkHolds, signerStillPending } from './signer-repo.js';

/**
 * Opening a signing link: the token (only in the e-mail; its SHA-256 on the signer) is checked
 * and exchanged for a signing session, recorded with a `link_opened` event. Every way a link
 * can fail gives the same answer (screens.linkInvalidScreen), and costs the same reads, except
 * a link this signer held before: its holder is told it was replaced or its order cancelled
 * (former-link.ts).
 */
export async function openLink(
  input: StepInput,
  token: string,
): Promise<{ live: Live } | { screen: SigningResponse }> {
  await limited('signingOpenPerClient', input.ip);
  const tokenHash = sha256(token);
  const signer = await getSigner(input.body.signerId);
  if (!linkHolds(signer, tokenHash, input.now)) {
    return { screen: await formerLinkScreen(signer, tokenHash) };
  }
  await limited('signingOpenPerSigner', signer.id);
  const order = await getOrder(signer.order_id);
  if (order?.status !== 'processing') {
    // The holder of a live link learns that its order was cancelled (a link still held).
    return {
      screen:
        order?.status === 'cancelled'
          ? orderClosedScreen(screenContext(order, signer))
          : linkInvalidScreen(),
    };
  }
  // A type without its module (types/index.ts) cannot be signed yet: said before any session.
  if (!flowOf(signatureTypeOf(order, signer))) {
    return { screen: typeUnavailableScreen(screenContext(order, signer)) };
  }

  const sessionId = randomToken();
  const sessionHash = sha256(sessionId);
  const nowEpoch = epochOf(input.now);
  const nowIso = input.now.toISOString();
  const session: SigningSession = {
    session_hash: sessionHash,
    signer_id: signer.id,
    order_id: order.id,
    link_token_hash: tokenHash,
    signature_type: signatureTypeOf(order, signer),
    progress: {},
    ip: input.ip,
    user_agent: input.userAgent.slice(0, 256),
    created_at: nowIso,
    expires_at: nowEpoch + SESSION_IDLE_SECONDS,
    hard_expires_at: nowEpoch + SESSION_MAX_SECONDS,
    ttl: nowEpoch + SESSION_MAX_SECONDS + 86_400,
  };
  const res = await auditedWrite(order.id, nowIso, () => ({
    items: [
      sessionPut(session),
      signerStillPending(signer.id, tokenHash, 'last_opened_at = :now', { ':now': nowIso }),
    ],
    events: [signerEvent({ input, signer }, 'link_opened')],
    order: orderSigning,
  }));
  if (!res.ok) return { screen: linkInvalidScreen() };
  return {
    live: {
      input,
      session,
      sessionHash,
      signer,
      order: res.order,
      ctx: screenContext(res.order, signer, sessionId),
    },
  };
}

/**
 * A step after the first: the session must be live, belong to this signer id, and its link must
 * still be the signer's (a resend, revocation or expiry ends it). A signer who already signed
 * or rejected sees that outcome again: the session proves it is them.
 */
export async function resumeSession(
  input: StepInput,
): Promise<{ live: Live } | { screen: SigningResponse }> {
  const id = input.body.signingSessionId;
  if (!id) return { screen: sessionExpiredScreen() };
  const sessionHash = sha256(id);
  const session = await getSession(sessionHash, epochOf(input.now));
  if (!session || session.signer_id !== input.body.signerId) {
    return { screen: sessionExpiredScreen() };
  }
  await limited('signingStepPerSession', sessionHash);
  const [signer, order] = await Promise.all([
    getSigner(session.signer_id),
    getOrder(session.order_id),
  ]);
  if (!signer || !order) return { screen: sessionExpiredScreen() };
  const ctx = screenContext(order, signer);
  if (signer.estado_firma === 'signed') {
    return { screen: await signedOutcome(order, signer, ctx) };
  }
  if (signer.estado_firma === 'rejected') return { screen: rejectedScreen(ctx) };
  if (order.status !== 'processing') {
    // The two reads can straddle this signer's own rejection (a double click): say so.
    const now = await getSigner(session.signer_id);
    return {
      screen: now?.estado_firma === 'rejected' ? rejectedScreen(ctx) : orderClosedScreen(ctx),
    };
  }
  const sameLink = safeEqual(signer.token_hash ?? '', session.link_token_hash);
  if (!sameLink || !linkHolds(signer, session.link_token_hash, input.now)) {
    return { screen: sessionExpiredScreen() };
  }
  return { live: { input, session, sessionHash, signer, order, ctx } };
}

import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { signingEs as t } from '../../../../shared/messages/signing.es.js';
import { sha256 } from '../../../platform/secrets.js';
import { type FlowDeps, type Live, orderSigning, signerEvent } from '../../link/context.js';
import { documentLink } from '../../link/document-link.js';
import { consentPut } from '../../link/signer-repo.js';
import { codeSendScreen } from '../../steps/code-screens.js';
import { sendCode } from '../../steps/email-code.js';
import { sessionExpiredScreen } from '../../steps/screens.js';
import { now, nowIso, record, stepItems } from '../../steps/step-write.js';
import { currentScreen } from './current.js';
import { reviewScreen } from './screens.js';

/**
 * The simple signature's steps before the signature (issue 12): consent, then review of the
 * paid-for bytes, then the e-mailed code (steps/email-code.ts). Each records its evidence and
 * the session's progress in one audited transaction, and requires the steps before it.
 */

/** The consent text's version: a new text gets a new version, and its hash is recorded. */
export const CONSENT_VERSION = '2026-11-25';
export const CONSENT_SHA256 = sha256(t.consentText);

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

/** A code to sign: only once the signer consented and reviewed the document. */
export async function sendSigningCode(live: Live, deps: FlowDeps): Promise<SigningResponse> {
  if (!live.session.progress.viewed_sha256) return currentScreen(live);
  return sendCode(live, deps, 'sign');
}

import type { SigningResponse } from '../../../shared/contract/signing.js';
import { biometricSigningEs } from '../../../shared/messages/biometric-signing.es.js';
import { claveUnicaSigningEs } from '../../../shared/messages/clave-unica-signing.es.js';
import { feaSigningEs } from '../../../shared/messages/fea-signing.es.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import type { SignatureType } from '../../../shared/rules/signature-types.js';
import { sha256 } from '../../platform/secrets.js';
import { type Live, orderSigning, requesterName, signerEvent } from '../link/context.js';
import { documentLink } from '../link/document-link.js';
import { consentPut } from '../link/signer-repo.js';
import { consentScreen, reviewScreen } from './consent-review-screens.js';
import { sessionExpiredScreen } from './screens.js';
import { now, nowIso, record, stepItems } from './step-write.js';

/**
 * The two steps every signature type starts with: the signer's consent to sign with that type
 * (its text, version and hash recorded), then the review of the paid-for bytes. Each records its
 * evidence and the session's progress in one audited transaction; the type's own steps require
 * both. `next` is the type's screen of where the signer stands once they are done.
 */
export interface Consent {
  version: string;
  text: string;
  sha256: string;
}

const consent = (version: string, text: string): Consent => ({
  version,
  text,
  sha256: sha256(text),
});

/** The consent text by type: a new text gets a new version, and its hash is recorded. */
const CONSENTS: Record<SignatureType, Consent> = {
  simple: consent('2026-11-25', t.consentText),
  advanced: consent('2026-11-29-fea', feaSigningEs.consentText),
  clave_unica: consent('2026-11-29-cu', claveUnicaSigningEs.consentText),
  biometric: consent('2026-12-01-bio', biometricSigningEs.consentText),
};

export const consentOf = (type: SignatureType): Consent => CONSENTS[type];

type Next = (live: Live) => Promise<SigningResponse>;

/** accept_consent and confirm_review; undefined for any other step. */
export function consentReviewStep(live: Live, next: Next): Promise<SigningResponse> | undefined {
  if (live.input.body.accion === 'accept_consent') return acceptConsent(live, next);
  if (live.input.body.accion === 'confirm_review') return confirmReview(live, next);
  return undefined;
}

/** The consent or the review while either is missing; undefined once both are done. */
export async function consentReviewScreen(live: Live): Promise<SigningResponse | undefined> {
  const p = live.session.progress;
  if (!p.consent_version) {
    return consentScreen(
      live.ctx,
      requesterName(live.order),
      consentOf(live.session.signature_type).text,
    );
  }
  if (!p.viewed_sha256) return reviewScreen(live.ctx, await documentLink(live.order, now(live)));
  return undefined;
}

async function acceptConsent(live: Live, next: Next): Promise<SigningResponse> {
  const c = consentOf(live.session.signature_type);
  const ok = await record(live, {
    items: [
      ...stepItems(live, { consent_version: c.version, consent_sha256: c.sha256 }),
      consentPut({
        signerId: live.signer.id,
        version: c.version,
        textSha256: c.sha256,
        at: nowIso(live),
        ip: live.input.ip,
        userAgent: live.input.userAgent,
        sessionHash: live.sessionHash,
      }),
    ],
    events: [signerEvent(live, 'consent_given', { version: c.version, text_sha256: c.sha256 })],
    order: orderSigning,
  });
  if (!ok) return sessionExpiredScreen();
  live.session.progress.consent_version = c.version;
  return (await consentReviewScreen(live)) ?? next(live);
}

async function confirmReview(live: Live, next: Next): Promise<SigningResponse> {
  const before = live.session.progress.consent_version
    ? undefined
    : await consentReviewScreen(live);
  if (before) return before;
  // The bytes the signer was shown are the order's checked document (document-link.ts).
  const doc = await documentLink(live.order, now(live));
  const ok = await record(live, {
    items: stepItems(live, { viewed_sha256: doc.sha256 }),
    events: [signerEvent(live, 'document_viewed', { sha256: doc.sha256 })],
    order: orderSigning,
  });
  if (!ok) return sessionExpiredScreen();
  live.session.progress.viewed_sha256 = doc.sha256;
  return next(live);
}

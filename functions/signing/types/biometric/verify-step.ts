import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es.js';
import { AppError } from '../../../platform/errors.js';
import { hitLimit, type LimitHit, releaseLimit } from '../../../platform/limits.js';
import { logger } from '../../../platform/logger.js';
import { type Live, orderSigning, signerEvent } from '../../link/context.js';
import { countAttempt, uncountAttempt } from '../../link/session-repo.js';
import { sessionExpiredScreen } from '../../steps/screens.js';
import { now, nowIso, record, stepItems } from '../../steps/step-write.js';
import {
  type BiometricProvider,
  BiometricUnavailable,
  type DocumentType,
  type Verification,
} from './biometric-provider.js';
import { photoOf } from './capture-images.js';
import { type Judgement, judgeSerial, judgeVerification } from './outcome.js';
import { blockedScreen, captureScreen, MAX_ATTEMPTS, verifiedScreen } from './screens.js';

/**
 * 'submit_biometric': the three photos checked (capture-images.ts), one attempt counted on the
 * session (at most MAX_ATTEMPTS), the provider's comparison, then the card's serial. Each answer
 * the provider gave is one audited event (its transaction and result, never the photos); a
 * provider that is down or slow costs the signer nothing: the attempt is given back and the
 * same screen says to try again. The photos live only in this request's memory.
 */
export async function submitCapture(
  live: Live,
  provider: BiometricProvider,
  signerRut: string,
): Promise<SigningResponse> {
  const body = live.input.body;
  const attempts = live.session.progress.bio_attempts ?? 0;
  if (attempts >= MAX_ATTEMPTS) return blockedScreen(live.ctx);
  const images = {
    idFront: photoOf(body.id_front)?.bytes,
    idBack: photoOf(body.id_back)?.bytes,
    selfie: photoOf(body.selfie)?.bytes,
  };
  if (!images.idFront || !images.idBack || !images.selfie) {
    return captureScreen(live.ctx, attempts, { message: bio.badImage, code: 'BIO-IMAGE-INVALID' });
  }
  const documentType: DocumentType = body.document_type ?? 'CHL2';

  // The signer's checks of the day first (across sessions), then the session's own bound.
  let day: LimitHit;
  try {
    day = await hitLimit('biometricChecksPerSigner', live.signer.id);
  } catch (err) {
    if (err instanceof AppError && err.status === 429) {
      return blockedScreen(live.ctx, undefined, true);
    }
    throw err;
  }
  const attempt = await countAttempt(live.sessionHash, now(live), 'bio_attempts', MAX_ATTEMPTS);
  if (attempt === undefined) {
    await releaseLimit(day);
    return blockedScreen(live.ctx);
  }

  let verification: Verification;
  let judgement: Judgement;
  try {
    verification = await provider.verify({
      documentType,
      images: { idFront: images.idFront, idBack: images.idBack, selfie: images.selfie },
      expectedRun: signerRut,
    });
    judgement = judgeVerification(verification, signerRut);
    if (judgement.ok) {
      const serial = await provider.serialStatus({
        run: judgement.run,
        serial: judgement.serial,
        documentType,
      });
      judgement = judgeSerial(serial) ?? judgement;
    }
  } catch (err) {
    if (!(err instanceof BiometricUnavailable)) throw err;
    // Only the error's kind: never the request (it carries the photos).
    logger.warn('biometric: provider unavailable', { kind: err.kind });
    await uncountAttempt(live.sessionHash, 'bio_attempts');
    await releaseLimit(day);
    return captureScreen(live.ctx, attempt - 1, {
      message: bio.unavailable,
      code: 'BIO-UNAVAILABLE',
    });
  }

  const v = verification;
  const facts = {
    attempt,
    document_type: documentType,
    transaction_id: v.transactionId,
    result: v.kind === 'checked' ? v.result : 'capture_error',
    score: v.kind === 'checked' ? v.score : null,
    capture_code: v.kind === 'capture_error' ? v.code : null,
    mrz_run: v.kind === 'checked' ? v.mrzRun : null,
    mrz_serial: v.kind === 'checked' ? v.mrzSerial : null,
    ...(judgement.ok ? {} : { refusal: judgement.reason }),
  };
  const proved = judgement.ok && v.kind === 'checked' ? { v, j: judgement } : undefined;
  const passed = !!proved;
  const ok = await record(live, {
    items: stepItems(
      live,
      proved
        ? {
            bio_transaction_id: proved.v.transactionId,
            bio_result: proved.v.result,
            bio_score: proved.v.score === null ? '' : String(proved.v.score),
            bio_run: proved.j.run,
            bio_serial: proved.j.serial,
            bio_document_type: documentType,
            bio_verified_at: nowIso(live),
          }
        : {},
    ),
    events: [signerEvent(live, passed ? 'biometric_verified' : 'biometric_refused', facts)],
    order: orderSigning,
  });
  if (!ok) return sessionExpiredScreen();
  if (judgement.ok) return verifiedScreen(live.ctx, judgement.run);
  if (attempt >= MAX_ATTEMPTS) return blockedScreen(live.ctx, judgement.message);
  return captureScreen(live.ctx, attempt, { message: judgement.message, code: judgement.code });
}

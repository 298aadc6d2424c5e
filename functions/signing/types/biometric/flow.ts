import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { cleanRut, isValidRut } from '../../../../shared/rules/rut.js';
import type { FlowDeps, Live } from '../../link/context.js';
import { consentReviewScreen, consentReviewStep } from '../../steps/consent-review.js';
import { typeUnavailableScreen } from '../../steps/screens.js';
import type { SignatureFlow } from '../index.js';
import { signWithPad } from '../simple/signature-step.js';
import { biometricProvider } from './provider-instance.js';
import {
  blockedScreen,
  captureScreen,
  MAX_ATTEMPTS,
  noRutScreen,
  verifiedScreen,
} from './screens.js';
import { submitCapture } from './verify-step.js';

/**
 * The biometric signature (issue 23): consent and review as every type, then the capture
 * screen (ID card front, back, selfie from the browser's camera; verify-step.ts) checked by an
 * identity-verification provider (biometric-provider.ts); a positive comparison of the signer's
 * own card (its MRZ RUN is the signer's RUT) in force lets the signer sign on the simple
 * signature's pad, with the provider's transaction as evidence. A bounded number of attempts
 * per session, then a blocked screen.
 */
const rutOf = (live: Live) => cleanRut(live.signer.id_number ?? '');

async function current(live: Live): Promise<SigningResponse> {
  const before = await consentReviewScreen(live);
  if (before) return before;
  if (!isValidRut(rutOf(live))) return noRutScreen(live.ctx);
  const p = live.session.progress;
  if (p.bio_verified_at && p.bio_run) return verifiedScreen(live.ctx, p.bio_run);
  if (!(await biometricProvider())) return typeUnavailableScreen(live.ctx);
  const attempts = p.bio_attempts ?? 0;
  if (attempts >= MAX_ATTEMPTS) return blockedScreen(live.ctx);
  return captureScreen(live.ctx, attempts);
}

async function step(live: Live, _deps: FlowDeps): Promise<SigningResponse> {
  const shared = consentReviewStep(live, current);
  if (shared) return shared;
  const p = live.session.progress;
  const accion = live.input.body.accion;
  if (accion === 'submit_signature' && p.bio_verified_at && p.bio_run) {
    const evidence = {
      identity: 'biometric',
      verified_run: p.bio_run,
      provider_transaction: p.bio_transaction_id ?? null,
      biometric_result: p.bio_result ?? null,
      biometric_score: p.bio_score || null,
      card_serial: p.bio_serial ?? null,
      document_type: p.bio_document_type ?? null,
    };
    return signWithPad(live, {
      event: evidence,
      record: { ...evidence, identity_verified_at: p.bio_verified_at },
    });
  }
  if (accion === 'submit_biometric' && !p.bio_verified_at) {
    const before = await consentReviewScreen(live);
    if (before) return before;
    const rut = rutOf(live);
    if (!isValidRut(rut)) return noRutScreen(live.ctx);
    const provider = await biometricProvider();
    if (!provider) return typeUnavailableScreen(live.ctx);
    return submitCapture(live, provider, rut);
  }
  return current(live);
}

export const biometricFlow: SignatureFlow = { type: 'biometric', step, current };

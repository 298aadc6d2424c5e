import type { SigningResponse } from '../../../../shared/contract/signing.js';
import type { FlowDeps, Live } from '../../link/context.js';
import { consentReviewStep } from '../../steps/consent-review.js';
import { typeUnavailableScreen } from '../../steps/screens.js';
import type { SignatureFlow } from '../index.js';
import { currentScreen } from './current.js';
import { submitSignature } from './signature-step.js';
import { sendSigningCode } from './steps.js';

/**
 * The simple electronic signature, done in house (issue 12): consent → review of the paid-for
 * bytes → a 6-digit code by e-mail → typed or drawn signature.
 */
async function step(live: Live, deps: FlowDeps): Promise<SigningResponse> {
  switch (live.input.body.accion) {
    case 'accept_consent':
    case 'confirm_review':
      return consentReviewStep(live, currentScreen) ?? currentScreen(live);
    case 'send_code':
      return sendSigningCode(live, deps);
    case 'submit_signature':
      return submitSignature(live);
    default:
      // The advanced signature's steps (certificate, second factor, unlocks) come with FEA.
      return typeUnavailableScreen(live.ctx);
  }
}

export const simpleFlow: SignatureFlow = { type: 'simple', step, current: currentScreen };

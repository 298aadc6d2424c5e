import type { SigningResponse } from '../../shared/contract/signing.js';
import type { StepInput } from './link/context.js';
import { openLink, resumeSession } from './link/session.js';
import {
  acceptConsent,
  confirmReview,
  currentScreen,
  type FlowDeps,
  sendCode,
  startRejection,
  verifyCode,
} from './steps/email-code.js';
import { rejectSigning } from './steps/rejection.js';
import { typeUnavailableScreen } from './steps/screens.js';
import { submitSignature } from './types/simple/signature-step.js';

/**
 * One step of a signer's flow (credits-signing-admin §4, §7). The first step exchanges the
 * link's token for a session; every later one runs inside that session. The server decides the
 * next screen: a step that does not fit where the signer stands answers where they stand.
 */
export async function runStep(input: StepInput, deps?: FlowDeps): Promise<SigningResponse> {
  const opened =
    input.body.accion === 'init_signing' && input.body.token
      ? await openLink(input, input.body.token)
      : await resumeSession(input);
  if ('screen' in opened) return opened.screen;
  const live = opened.live;
  if (live.session.signature_type !== 'simple') return typeUnavailableScreen(live.ctx);
  switch (input.body.accion) {
    case 'accept_consent':
      return acceptConsent(live);
    case 'confirm_review':
      return confirmReview(live);
    case 'send_code':
      return sendCode(live, deps);
    case 'verify_code':
      return verifyCode(live);
    case 'submit_signature':
      return submitSignature(live);
    case 'reject_form':
      return startRejection(live);
    case 'send_reject_code':
      return sendCode(live, deps, 'reject');
    case 'reject_signing':
      return rejectSigning(live);
    case 'init_signing':
    case 'check_status':
      return currentScreen(live);
    default:
      // The advanced signature's steps (certificate, second factor, unlocks) come with FEA.
      return typeUnavailableScreen(live.ctx);
  }
}

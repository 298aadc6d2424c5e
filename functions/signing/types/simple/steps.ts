import type { SigningResponse } from '../../../../shared/contract/signing.js';
import type { FlowDeps, Live } from '../../link/context.js';
import { sendCode } from '../../steps/email-code.js';
import { currentScreen } from './current.js';

/**
 * The simple signature's step before the signature (issue 12): after the consent and the
 * review every type shares (steps/consent-review.ts), the e-mailed code (steps/email-code.ts).
 */

/** A code to sign: only once the signer consented and reviewed the document. */
export async function sendSigningCode(live: Live, deps: FlowDeps): Promise<SigningResponse> {
  if (!live.session.progress.viewed_sha256) return currentScreen(live);
  return sendCode(live, deps, 'sign');
}

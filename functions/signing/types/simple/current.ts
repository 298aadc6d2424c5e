import type { SigningResponse } from '../../../../shared/contract/signing.js';
import type { Live } from '../../link/context.js';
import { codeEntryScreen, codeSendScreen } from '../../steps/code-screens.js';
import { consentReviewScreen } from '../../steps/consent-review.js';
import { verifiedStillValid } from '../../steps/email-code.js';
import { signatureScreen } from './screens.js';

/** The screen of where this session stands (a reload, 'Volver', a step out of order). */
export async function currentScreen(live: Live): Promise<SigningResponse> {
  const before = await consentReviewScreen(live);
  if (before) return before;
  const p = live.session.progress;
  if (p.code_verified_at && verifiedStillValid(live)) return signatureScreen(live.ctx);
  if (p.code_id) return codeEntryScreen(live.ctx);
  return codeSendScreen(live.ctx);
}

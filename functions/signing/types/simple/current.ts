import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { type Live, requesterName } from '../../link/context.js';
import { documentLink } from '../../link/document-link.js';
import { codeEntryScreen, codeSendScreen } from '../../steps/code-screens.js';
import { verifiedStillValid } from '../../steps/email-code.js';
import { now } from '../../steps/step-write.js';
import { consentScreen, reviewScreen, signatureScreen } from './screens.js';

/** The screen of where this session stands (a reload, 'Volver', a step out of order). */
export async function currentScreen(live: Live): Promise<SigningResponse> {
  const p = live.session.progress;
  if (!p.consent_version) return consentScreen(live.ctx, requesterName(live.order));
  if (!p.viewed_sha256) return reviewScreen(live.ctx, await documentLink(live.order, now(live)));
  if (p.code_verified_at && verifiedStillValid(live)) return signatureScreen(live.ctx);
  if (p.code_id) return codeEntryScreen(live.ctx);
  return codeSendScreen(live.ctx);
}

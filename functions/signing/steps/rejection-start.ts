import type { SigningResponse } from '../../../shared/contract/signing.js';
import type { Live } from '../link/context.js';
import { codeEntryScreen } from './code-screens.js';
import { verifiedStillValid } from './email-code.js';
import { rejectCodeScreen, rejectFormScreen } from './rejection-screens.js';

/**
 * 'Rechazar' on any screen: the reason form once the signer's code is verified (and still
 * valid); the code entry when a code is on its way; else the rejection's first screen, which
 * sends one.
 */
export function startRejection(live: Live): SigningResponse {
  const p = live.session.progress;
  if (p.code_verified_at && verifiedStillValid(live)) return rejectFormScreen(live.ctx);
  if (p.code_id && !p.code_verified_at) return codeEntryScreen(live.ctx);
  return rejectCodeScreen(live.ctx);
}

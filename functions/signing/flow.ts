import type { SigningResponse } from '../../shared/contract/signing.js';
import { sesMailer } from '../platform/mail.js';
import type { FlowDeps, StepInput } from './link/context.js';
import { openLink, resumeSession } from './link/session.js';
import { sendCode, verifyCode } from './steps/email-code.js';
import { rejectSigning } from './steps/rejection.js';
import { startRejection } from './steps/rejection-start.js';
import { typeUnavailableScreen } from './steps/screens.js';
import { flowOf } from './types/index.js';

const defaults: FlowDeps = { mailer: sesMailer };

/**
 * One step of a signer's flow (credits-signing-admin §4, §7). The first step exchanges the
 * link's token for a session; every later one runs inside that session. The server decides the
 * next screen: a step that does not fit where the signer stands answers where they stand.
 * The steps every signature type shares are taken here; the rest go to the session's type
 * (types/index.ts).
 */
export async function runStep(
  input: StepInput,
  deps: FlowDeps = defaults,
): Promise<SigningResponse> {
  const opened =
    input.body.accion === 'init_signing' && input.body.token
      ? await openLink(input, input.body.token)
      : await resumeSession(input);
  if ('screen' in opened) return opened.screen;
  const live = opened.live;
  const flow = flowOf(live.session.signature_type);
  if (!flow) return typeUnavailableScreen(live.ctx);
  switch (input.body.accion) {
    // The rejection: the signer's e-mailed code, then the reason (steps/rejection*.ts).
    case 'reject_form':
      return startRejection(live);
    case 'send_reject_code':
      return sendCode(live, deps, 'reject');
    case 'reject_signing':
      return rejectSigning(live);
    // The code entry answers a code to reject as one to sign (steps/email-code.ts).
    case 'verify_code':
      return verifyCode(live, flow);
    case 'init_signing':
    case 'check_status':
      return flow.current(live);
    default:
      return flow.step(live, deps);
  }
}

import type { SigningResponse } from '../../../shared/contract/signing.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { button, type ScreenContext, screen } from './screen-builder.js';

/** The rejection's screens (rejection-start.ts, rejection.ts); its outcome is in screens.ts. */

/**
 * The start of a rejection for a signer whose identity is not verified yet: rejecting is an act
 * of the signer, so it takes the same e-mailed code as signing (no consent or review needed).
 */
export function rejectCodeScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    step: 'reject',
    type: 'default',
    title: t.rejectTitle,
    description: fmt(t.rejectNeedsCode, { email: ctx.signerEmailMasked }),
    components: [
      button('send', t.rejectSendCode, 'send_reject_code', 'request_second_factor', 'danger'),
      button('back', t.back, 'check_status', 'check_status', 'secondary'),
    ],
  });
}

/** The reason form, for a verified signer; `problem` when the reason sent was refused. */
export function rejectFormScreen(ctx: ScreenContext, problem?: string): SigningResponse {
  return screen(ctx, {
    status: problem ? 'error' : 'success',
    message: problem,
    current: !!problem,
    step: 'reject',
    type: problem ? 'error' : 'default',
    title: t.rejectTitle,
    description: problem ?? t.rejectDescription,
    components: [
      {
        id: 'reason',
        type: 'input',
        label: t.rejectReasonLabel,
        validation: {
          required: { message: t.rejectReasonRequired },
          minLength: { value: 5, message: t.rejectReasonShort },
        },
      },
      button('confirm_reject', t.rejectConfirm, 'reject_signing', 'start_signing', 'danger'),
      button('back', t.back, 'check_status', 'check_status', 'secondary'),
    ],
  });
}

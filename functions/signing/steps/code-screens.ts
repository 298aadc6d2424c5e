import type { SigningResponse, ValidationRules } from '../../../shared/contract/signing.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { button, errorData, rejectButton, type ScreenContext, screen } from './screen-builder.js';

/**
 * The e-mailed code's screens (email-code.ts): asking for a code and typing it. Shared: a
 * rejection takes the same code as the simple signature.
 */

export function codeSendScreen(ctx: ScreenContext, problem?: { message: string; code: string }) {
  return screen(ctx, {
    status: problem ? 'error' : 'success',
    message: problem?.message,
    step: 'send_code',
    current: !!problem,
    type: problem ? 'error' : 'pending',
    title: t.codeTitle,
    description: problem?.message ?? fmt(t.codeSendDescription, { email: ctx.signerEmailMasked }),
    components: [
      button('send', problem ? t.codeNew : t.codeSend, 'send_code', 'request_second_factor'),
      rejectButton,
    ],
    data: problem ? errorData(problem.code) : undefined,
  });
}

const codeRules: ValidationRules = {
  required: { message: t.codeRequired },
  digits: { value: 6, message: t.codeDigits },
};

export function codeEntryScreen(
  ctx: ScreenContext,
  opts: { justSent?: boolean; wrong?: { left: number }; invalid?: string } = {},
): SigningResponse {
  const problem = !!(opts.wrong || opts.invalid);
  const message = opts.wrong
    ? opts.wrong.left === 1
      ? t.codeWrongOne
      : fmt(t.codeWrong, { n: opts.wrong.left })
    : opts.invalid
      ? opts.invalid
      : opts.justSent
        ? fmt(t.codeSent, { email: ctx.signerEmailMasked })
        : '';
  return screen(ctx, {
    status: problem ? 'error' : 'success',
    message,
    step: 'verify_code',
    current: problem,
    type: problem ? 'error' : 'pending',
    title: t.codeTitle,
    description: problem ? message : fmt(t.codeSentDescription, { email: ctx.signerEmailMasked }),
    components: [
      {
        id: 'code',
        type: 'code',
        label: t.codeLabel,
        placeholder: '000000',
        validation: codeRules,
      },
      button('verify', t.codeVerify, 'verify_code', 'start_signing'),
      button('resend', t.codeResend, 'send_code', 'request_second_factor', 'secondary'),
    ],
    data: problem ? errorData('SIG-CODE-INVALID') : undefined,
  });
}

import type {
  SigningComponent,
  SigningResponse,
  ValidationRules,
} from '../../../shared/contract/signing.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import type { SignatureType } from '../../../shared/rules/signature-types.js';

/**
 * The screens of the server-driven signing flow (credits-signing-admin §3): every answer has
 * the same shape; the SPA renders `ui` and posts each button's `value` as the next `accion`.
 * Only this signer's own data ever appears here.
 */

/** An answer with every data field empty: the screens below fill what they show. */
export const emptyData = (): SigningResponse['data'] => ({
  orderNumber: null,
  vigenciaInfo: null,
  transactionCode: null,
  signerRut: null,
  signerEmail: null,
  signedAt: null,
  documentName: null,
  documentPreview: null,
  redirectUrl: null,
  unlockUrl: null,
  signingSessionId: null,
  errorDetails: null,
  errorCode: null,
});

/** What every screen of one signer shows about the order. */
export interface ScreenContext {
  orderNumber: string;
  documentName: string;
  signerEmailMasked: string;
  signatureType: SignatureType;
  /** Set on the answer that opened the session (the page keeps it). */
  sessionId?: string;
}

type Data = Partial<SigningResponse['data']>;

function screen(
  ctx: ScreenContext | undefined,
  p: {
    status?: SigningResponse['status'];
    message?: string;
    step: string;
    type: SigningResponse['ui']['type'];
    title: string;
    description: string;
    components?: SigningComponent[];
    data?: Data;
    current?: boolean;
  },
): SigningResponse {
  return {
    status: p.status ?? 'success',
    message: p.message ?? '',
    ...(p.current ? { current_step: p.step } : { next_step: p.step }),
    ui: {
      title: p.title,
      description: p.description,
      type: p.type,
      components: p.components ?? [],
    },
    data: {
      ...emptyData(),
      ...(ctx
        ? {
            orderNumber: ctx.orderNumber,
            documentName: ctx.documentName,
            signerEmail: ctx.signerEmailMasked,
            signingSessionId: ctx.sessionId ?? null,
          }
        : {}),
      ...p.data,
    },
  };
}

const button = (
  id: string,
  label: string,
  value: string,
  action: SigningComponent['action'],
  style: SigningComponent['style'] = 'primary',
): SigningComponent => ({ id, type: 'button', label, value, action, style });

const text = (id: string, value: string): SigningComponent => ({ id, type: 'text', value });

const rejectButton = button('reject', t.reject, 'reject_form', 'start_signing', 'danger');

const errorData = (code: string): Data => ({ errorCode: code, errorDetails: { code } });

/**
 * The one answer for every link that does not open a flow: unknown signer, wrong, expired,
 * revoked or replaced token, another signer's token, a signer who already signed or rejected.
 * Identical bytes on every path, so the answer tells a guesser nothing.
 */
export function linkInvalidScreen(): SigningResponse {
  return screen(undefined, {
    status: 'error',
    message: t.linkInvalid,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.linkInvalidTitle,
    description: t.linkInvalid,
    data: errorData('SIG-LINK-INVALID'),
  });
}

/** A step without a live session (expired, or a reload in another browser). */
export function sessionExpiredScreen(): SigningResponse {
  return screen(undefined, {
    status: 'error',
    message: t.sessionExpired,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.sessionExpiredTitle,
    description: t.sessionExpired,
    data: errorData('SIG-SESSION-EXPIRED'),
  });
}

export function orderClosedScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: t.orderClosed,
    step: 'done',
    current: true,
    type: 'blocked',
    title: t.orderClosedTitle,
    description: t.orderClosed,
    data: errorData('SIG-ORDER-CANCELLED'),
  });
}

/**
 * A link its signer's requester replaced with a resend (issue 21): said plainly, with where the
 * newer one went, instead of "invalid". Only the holder of a former link of this very signer
 * gets it (former-link.ts).
 */
export function linkReplacedScreen(ctx: ScreenContext): SigningResponse {
  const description = fmt(t.linkReplaced, { email: ctx.signerEmailMasked });
  return screen(ctx, {
    status: 'error',
    message: description,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.linkReplacedTitle,
    description,
    data: errorData('SIG-LINK-REPLACED'),
  });
}

export function typeUnavailableScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: t.typeUnavailable,
    step: 'init_signing',
    current: true,
    type: 'error',
    title: t.typeTitles[ctx.signatureType],
    description: t.typeUnavailable,
    data: errorData('SIG-TYPE-UNAVAILABLE'),
  });
}

export function consentScreen(ctx: ScreenContext, requester: string): SigningResponse {
  return screen(ctx, {
    step: 'consent',
    type: 'pending',
    title: t.typeTitles[ctx.signatureType],
    description: fmt(t.consentDescription, {
      requester,
      document: ctx.documentName,
      number: ctx.orderNumber,
    }),
    components: [
      text('consent_text', t.consentText),
      button('accept', t.acceptConsent, 'accept_consent', 'start_signing'),
      rejectButton,
    ],
  });
}

export function reviewScreen(
  ctx: ScreenContext,
  doc: { url: string; isPdf: boolean },
): SigningResponse {
  return screen(ctx, {
    step: 'review',
    type: 'pending',
    title: t.reviewTitle,
    description: doc.isPdf ? t.reviewDescription : t.reviewWordHint,
    components: [
      { id: 'document', type: 'document', label: ctx.documentName, value: doc.url },
      button('reviewed', t.confirmReview, 'confirm_review', 'start_signing'),
      rejectButton,
    ],
  });
}

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

export function signatureScreen(ctx: ScreenContext, problem?: string): SigningResponse {
  return screen(ctx, {
    status: problem ? 'error' : 'success',
    message: problem ?? t.codeVerified,
    step: 'submit_signature',
    current: !!problem,
    type: problem ? 'error' : 'pending',
    title: t.signatureTitle,
    description: problem ?? t.signatureDescription,
    components: [
      {
        id: 'typed_name',
        type: 'input',
        label: t.typedNameLabel,
        validation: { minLength: { value: 3, message: t.typedNameShort } },
      },
      { id: 'signature_image', type: 'signature', label: t.signaturePadLabel },
      button('sign', t.sign, 'submit_signature', 'submit_signature', 'success'),
      rejectButton,
    ],
    data: problem ? errorData('SIG-SIGNATURE-INVALID') : undefined,
  });
}

/**
 * What happens to the sealed file for this signer (customer-flows §2.5 delivery option): a
 * recipient gets it by mail, and the download here once sealed; a signer of an order delivered
 * to the requester only is told so, not promised a mail that will never come.
 */
export type SignedDelivery =
  | { kind: 'sealed'; url: string; fileName: string }
  | { kind: 'by_mail' }
  | { kind: 'requester_only'; requester: string };

export function signedScreen(
  ctx: ScreenContext,
  p: { signedAt: string; signerRut: string | null; delivery: SignedDelivery; justSigned: boolean },
): SigningResponse {
  const d = p.delivery;
  const description =
    d.kind === 'sealed'
      ? t.signedDescriptionSealed
      : d.kind === 'requester_only'
        ? fmt(t.signedDescriptionRequesterOnly, { requester: d.requester })
        : t.signedDescription;
  const components: SigningComponent[] =
    d.kind === 'sealed'
      ? [{ id: 'sealed_document', type: 'document', label: d.fileName, value: d.url }]
      : d.kind === 'by_mail'
        ? [button('check', t.signedCheckSealed, 'check_status', 'check_status', 'secondary')]
        : [];
  return screen(ctx, {
    // The toast celebrates the signature once, not each later look at the outcome.
    message: p.justSigned ? t.signedToast : '',
    step: 'done',
    type: 'success',
    title: t.signedTitle,
    description,
    components,
    data: { signedAt: p.signedAt, signerRut: p.signerRut, transactionCode: 'N/A' },
  });
}

export function notYourTurnScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: t.notYourTurn,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.notYourTurnTitle,
    description: t.notYourTurn,
    data: errorData('SIG-NOT-YOUR-TURN'),
  });
}

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

export function rejectedScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    message: t.rejectedDescription,
    step: 'done',
    type: 'blocked',
    title: t.rejectedTitle,
    description: t.rejectedDescription,
  });
}

import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { feaSigningEs as f } from '../../../../shared/messages/fea-signing.es.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { formatRut } from '../../../../shared/rules/rut.js';
import {
  button,
  errorData,
  rejectButton,
  type ScreenContext,
  screen,
} from '../../steps/screen-builder.js';
import { FEA_CODE_LENGTH, type FeaErrorKind } from './fea-codes.js';
import type { FeaCertificateStatus } from './fea-provider.js';

/**
 * The advanced signature's own screens (docs/drafts/fea-design.md §2): the certificate's
 * 'vigencia' card with the password, the SMS code, the waits while the provider works, the
 * enrolment and the blocked certificate, and each refusal with its code (CSA §8).
 */
export interface Problem {
  kind: FeaErrorKind;
  code?: number;
  attemptsLeft?: number;
}

const left = (n: number | undefined) =>
  n === undefined ? '' : n === 1 ? f.attemptsLeft.one : fmt(f.attemptsLeft.other, { n });

/** The signer's words for a provider's refusal, and the code the help list quotes. */
export function problemText(p: Problem): { message: string; code: string } {
  const code = p.code !== undefined ? String(p.code) : `FEA-${p.kind.toUpperCase()}`;
  switch (p.kind) {
    case 'wrongPassword':
      return { message: fmt(f.errors.wrongPassword, { left: left(p.attemptsLeft) }).trim(), code };
    case 'wrongCode':
      return { message: fmt(f.errors.wrongCode, { left: left(p.attemptsLeft) }).trim(), code };
    case 'tooManyKeyAttempts':
    case 'certificateBlocked':
    case 'codeExpired':
    case 'secondFactorBlocked':
    case 'notEnrolled':
      return { message: f.errors[p.kind], code };
    case 'timeout':
    case 'unavailable':
      return { message: f.errors.unavailable, code };
    default:
      return { message: f.errors.unexpected, code };
  }
}

export const vigenciaOf = (status: FeaCertificateStatus) => ({
  rut: formatRut(status.rut),
  vigencia: f.vigencia[status.state],
  // es-CL: 28-11-2028.
  fechaVencimiento: status.expiresOn?.split('-').reverse().join('-') ?? '',
});

const passwordField = {
  id: 'certificate_password',
  type: 'password' as const,
  label: f.passwordLabel,
  validation: { required: { message: f.passwordRequired } },
};

/** A screen's head: its own description, or the refusal it answers with (and stays on). */
function head(problem: Problem | undefined, description: string) {
  const said = problem && problemText(problem);
  return {
    said,
    head: {
      status: said ? ('error' as const) : ('success' as const),
      message: said?.message ?? '',
      current: !!said,
      type: said ? ('error' as const) : ('pending' as const),
      description: said?.message ?? description,
    },
  };
}

/** The certificate is valid: its card, and the password that asks for the SMS code. */
export function passwordScreen(
  ctx: ScreenContext,
  status: FeaCertificateStatus,
  problem?: Problem,
): SigningResponse {
  const { said, head: h } = head(problem, f.passwordDescription);
  return screen(ctx, {
    ...h,
    step: 'request_second_factor',
    title: f.vigenciaTitle,
    components: [
      passwordField,
      button('request', f.requestCode, 'request_second_factor', 'request_second_factor'),
      rejectButton,
    ],
    data: { vigenciaInfo: vigenciaOf(status), ...(said ? errorData(said.code) : {}) },
  });
}

/** The provider is working: the screen polls (check_status) until the job ends. */
export function waitingScreen(ctx: ScreenContext, kind: 'second_factor' | 'sign'): SigningResponse {
  const sms = kind === 'second_factor';
  return screen(ctx, {
    status: 'loading',
    step: sms ? 'second_factor_pending' : 'signature_pending',
    current: true,
    type: 'loading',
    title: sms ? f.waitingCodeTitle : f.signingTitle,
    description: sms ? f.waitingCodeDescription : f.signingDescription,
    components: [{ id: 'progress', type: 'progress', value: sms ? 40 : 80 }],
  });
}

/** The SMS was sent: the code, and the password again (Sello never keeps it between steps). */
export function codeScreen(
  ctx: ScreenContext,
  phoneMasked: string,
  problem?: Problem,
): SigningResponse {
  const { said, head: h } = head(problem, fmt(f.codeDescription, { phone: phoneMasked }));
  return screen(ctx, {
    ...h,
    step: 'submit_signature',
    title: f.codeTitle,
    components: [
      {
        id: 'second_factor_code',
        type: 'code',
        label: f.codeLabel,
        validation: {
          required: { message: f.codeRequired },
          digits: { value: FEA_CODE_LENGTH, message: f.codeDigits },
        },
      },
      passwordField,
      button('sign', f.sign, 'submit_signature', 'submit_signature', 'success'),
      button('again', f.newCode, 'request_second_factor', 'request_second_factor', 'secondary'),
      rejectButton,
    ],
    data: said ? errorData(said.code) : undefined,
  });
}

/** No certificate (or an expired one): the enrolment link was e-mailed; back here after. */
export function enrolmentScreen(
  ctx: ScreenContext,
  status: FeaCertificateStatus,
  enrolmentUrl: string | undefined,
): SigningResponse {
  const expired = status.state === 'expired';
  return screen(ctx, {
    step: 'enrolment_required',
    current: true,
    type: 'blocked',
    title: expired ? f.expiredTitle : f.enrolmentTitle,
    description: fmt(expired ? f.expiredDescription : f.enrolmentDescription, {
      email: ctx.signerEmailMasked,
    }),
    components: [
      ...(enrolmentUrl
        ? [button('enrol', f.goToEnrolment, 'check_certificate_status', 'redirect_unlock')]
        : []),
      button('refresh', f.refreshStatus, 'check_certificate_status', 'check_status', 'secondary'),
      rejectButton,
    ],
    data: { vigenciaInfo: vigenciaOf(status), unlockUrl: enrolmentUrl ?? null },
  });
}

/**
 * A blocked certificate (123) or key lock (122), or a blocked second factor (134): the way out
 * the provider offers (its unlock page, or the password recovery page), and 'Actualizar Estado'.
 */
export function blockedScreen(
  ctx: ScreenContext,
  status: FeaCertificateStatus,
  problem: Problem,
  recoveryUrl: string,
): SigningResponse {
  const said = problemText(problem);
  const secondFactor = problem.kind === 'secondFactorBlocked';
  const certificateBlocked = problem.kind === 'certificateBlocked';
  return screen(ctx, {
    status: 'error',
    message: said.message,
    step: secondFactor ? 'second_factor_blocked' : 'certificate_blocked',
    current: true,
    type: 'blocked',
    title: secondFactor ? f.unlockSecondFactor : f.blockedTitle,
    description: said.message,
    components: [
      ...(secondFactor
        ? [button('unlock2', f.unlockSecondFactor, 'unlock_second_factor', 'unlock_second_factor')]
        : []),
      ...(certificateBlocked
        ? [button('unlock', f.unlockCertificate, 'unlock_certificate', 'unlock_certificate')]
        : []),
      // The recovery page of this site (/fea/password-recovery), opened by redirect_unlock.
      ...(secondFactor
        ? []
        : [button('recover', f.recoverPassword, 'check_certificate_status', 'redirect_unlock')]),
      button('refresh', f.refreshStatus, 'check_certificate_status', 'check_status', 'secondary'),
      rejectButton,
    ],
    data: {
      vigenciaInfo: vigenciaOf(status),
      unlockUrl: secondFactor ? null : recoveryUrl,
      ...errorData(said.code),
    },
  });
}

/** The provider's unlock page, to open (redirect_unlock follows data.unlockUrl). */
export function unlockLinkScreen(
  ctx: ScreenContext,
  status: FeaCertificateStatus,
  url: string,
  secondFactor: boolean,
): SigningResponse {
  return screen(ctx, {
    step: secondFactor ? 'unlock_second_factor' : 'unlock_certificate',
    current: true,
    type: 'blocked',
    title: secondFactor ? f.unlockSecondFactor : f.unlockCertificate,
    description: f.unlockDescription,
    components: [
      button('go', f.goToUnlock, 'check_certificate_status', 'redirect_unlock'),
      button('refresh', f.refreshStatus, 'check_certificate_status', 'check_status', 'secondary'),
    ],
    data: { vigenciaInfo: vigenciaOf(status), unlockUrl: url },
  });
}

/** The signer has no RUT on the order: an FEA cannot be asked for. */
export function noRutScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: f.noRut,
    step: 'rut_required',
    current: true,
    type: 'error',
    title: f.vigenciaTitle,
    description: f.noRut,
    components: [rejectButton],
    data: errorData('FEA-RUT-MISSING'),
  });
}

/** The provider did not answer the status: nothing to do but try again in a moment. */
export function unavailableScreen(ctx: ScreenContext): SigningResponse {
  const said = problemText({ kind: 'unavailable' });
  return screen(ctx, {
    status: 'error',
    message: said.message,
    step: 'provider_unavailable',
    current: true,
    type: 'error',
    title: f.vigenciaTitle,
    description: said.message,
    components: [
      button('refresh', f.refreshStatus, 'check_certificate_status', 'check_status'),
      rejectButton,
    ],
    data: errorData(said.code),
  });
}

import type {
  ButtonAction,
  SigningAction,
  SigningComponent,
  SigningResponse,
} from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';

const t = es.signing;

/** What the pressed button reads while its step runs, and the wait it announces (§2, §9). */
export interface RunningText {
  label: string;
  estimate?: string;
}

export function runningText(action: ButtonAction | undefined): RunningText {
  if (action === 'request_second_factor') {
    return { label: t.runningSecondFactor, estimate: t.estimateSecondFactor };
  }
  if (action === 'submit_signature') {
    return { label: t.runningSignature, estimate: t.estimateSignature };
  }
  return { label: t.runningDefault };
}

/** What pressing a button does. */
export type ButtonEffect =
  | { kind: 'post'; accion: SigningAction; validate: boolean }
  | { kind: 'home' }
  | { kind: 'support'; href: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'toast'; message: string };

/**
 * The steps a button may post. A copy of the contract's list, checked against its type: the
 * contract module builds zod schemas when imported, which the signer's first load must not carry.
 */
const STEPS: Record<SigningAction, true> = {
  init_signing: true,
  request_second_factor: true,
  submit_signature: true,
  check_certificate_status: true,
  unlock_certificate: true,
  unlock_second_factor: true,
  submit_unlock_certificate: true,
  submit_unlock_second_factor: true,
  accept_consent: true,
  confirm_review: true,
  send_code: true,
  verify_code: true,
  reject_form: true,
  send_reject_code: true,
  reject_signing: true,
  check_status: true,
  submit_biometric: true,
};

const isSigningAction = (v: unknown): v is SigningAction =>
  typeof v === 'string' && Object.hasOwn(STEPS, v);

/** An absolute http(s) address. */
export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** mailto: for 'contact_support', with the error code in the subject when there is one. */
export function supportHref(errorCode: string | undefined): string {
  const subject = errorCode ? `${t.contactSupportSubject} (${errorCode})` : t.contactSupportSubject;
  return `mailto:${es.checkout.contactEmail}?subject=${encodeURIComponent(subject)}`;
}

/**
 * The nine actions (§2 screen 8): go_home, contact_support and redirect_unlock act in the
 * browser; every other button posts its `value` as the next `accion` (§7 leaves the value of
 * each step to the server). A posting button checks the form's rules first, except the ways
 * out that post without the form: `secondary` buttons (back, resend a code) and check_status.
 * A button whose value is no known step posts nothing (the server re-checks anyway).
 */
export function buttonEffect(
  button: SigningComponent,
  data: SigningResponse['data'] | undefined,
): ButtonEffect {
  switch (button.action) {
    case 'go_home':
      return { kind: 'home' };
    case 'contact_support':
      return { kind: 'support', href: supportHref(errorCodeOf(data)) };
    case 'redirect_unlock':
      // Only a web address: a provider's reply is never run as a script (javascript:, data:).
      return data?.unlockUrl && isWebUrl(data.unlockUrl)
        ? { kind: 'redirect', url: data.unlockUrl }
        : { kind: 'toast', message: t.noUnlockUrl };
    default:
      break;
  }
  const accion = button.value ?? button.action;
  if (!isSigningAction(accion)) return { kind: 'toast', message: es.common.unexpected };
  const validate = button.style !== 'secondary' && button.action !== 'check_status';
  return { kind: 'post', accion, validate };
}

/** The error code an answer quotes (§2 help list): data.errorCode, else errorDetails.code. */
export function errorCodeOf(data: SigningResponse['data'] | undefined): string | undefined {
  return data?.errorCode || data?.errorDetails?.code || undefined;
}

/**
 * The button Enter presses in a field: the first primary or success button that posts with
 * the form's rules (never a danger or secondary one).
 */
export function defaultButton(
  components: readonly SigningComponent[],
): SigningComponent | undefined {
  return components.find(
    (c) =>
      c.type === 'button' &&
      !c.disabled &&
      (c.style === undefined || c.style === 'primary' || c.style === 'success') &&
      buttonEffect(c, undefined).kind === 'post',
  );
}

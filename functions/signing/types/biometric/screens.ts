import type { SigningComponent, SigningResponse } from '../../../../shared/contract/signing.js';
import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { formatRut } from '../../../../shared/rules/rut.js';
import { LIMITS } from '../../../platform/limits.js';
import {
  button,
  errorData,
  rejectButton,
  type ScreenContext,
  screen,
  text,
} from '../../steps/screen-builder.js';
import { signatureScreen } from '../simple/screens.js';

/** The biometric signature's own screens: the capture, the block, the pad once verified. */

/** Comparisons one session may ask of the provider (each is a paid transaction there). */
export const MAX_ATTEMPTS = 3;

const camera = (id: string, label: string, facing: 'user' | 'environment', missing: string) =>
  ({
    id,
    type: 'camera',
    label,
    value: facing,
    validation: { required: { message: missing } },
  }) satisfies SigningComponent;

/** Front, back, selfie and 'Enviar'; with the last refusal and the attempts left, if any. */
export function captureScreen(
  ctx: ScreenContext,
  attempts: number,
  problem?: { message: string; code: string },
): SigningResponse {
  const left = MAX_ATTEMPTS - attempts;
  const note = attempts > 0 ? ` ${fmt(bio.attemptsLeft, { n: left })}` : '';
  const description = problem ? `${problem.message}${note}` : bio.captureDescription;
  return screen(ctx, {
    status: problem ? 'error' : 'success',
    message: problem?.message ?? '',
    step: 'identity_capture',
    current: true,
    type: problem ? 'error' : 'pending',
    title: bio.captureTitle,
    description,
    components: [
      ...(problem ? [text('capture_help', bio.captureDescription)] : []),
      camera('id_front', bio.idFront, 'environment', bio.idFrontMissing),
      camera('id_back', bio.idBack, 'environment', bio.idBackMissing),
      camera('selfie', bio.selfie, 'user', bio.selfieMissing),
      button('send', bio.send, 'submit_biometric', 'start_signing'),
      rejectButton,
    ],
    data: problem ? errorData(problem.code) : undefined,
  });
}

/** No attempt left in this session: what the signer can do now. */
export function blockedScreen(
  ctx: ScreenContext,
  lastProblem?: string,
  /** The signer's checks of the day are used up (LIMITS.biometricChecksPerSigner). */
  forToday = false,
): SigningResponse {
  const blocked = forToday
    ? fmt(bio.dailyLimit, { max: LIMITS.biometricChecksPerSigner.limit })
    : fmt(bio.blocked, { max: MAX_ATTEMPTS });
  return screen(ctx, {
    status: 'error',
    message: blocked,
    step: 'identity_blocked',
    current: true,
    type: 'blocked',
    title: bio.blockedTitle,
    description: lastProblem ? `${lastProblem} ${blocked}` : blocked,
    components: [rejectButton],
    data: errorData(forToday ? 'BIO-DAILY-LIMIT' : 'BIO-ATTEMPTS-EXHAUSTED'),
  });
}

/** Without a RUT to compare the card with, there is no way on but a corrected order. */
export function noRutScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: bio.noRut,
    step: 'identity_capture',
    current: true,
    type: 'error',
    title: bio.captureTitle,
    description: bio.noRut,
    components: [rejectButton],
    data: errorData('BIO-RUT-MISSING'),
  });
}

/** Identity proved: the simple signature's pad. */
export function verifiedScreen(ctx: ScreenContext, run: string): SigningResponse {
  const base = signatureScreen(ctx);
  return { ...base, message: fmt(bio.verified, { run: formatRut(run) }) };
}

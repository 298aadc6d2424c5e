import { es } from '../../../../shared/messages.es';

/** Names of Cognito / Amplify errors the sign-in form tells apart. */
const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

function errorName(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'name' in err) {
    const { name } = err as { name: unknown };
    return typeof name === 'string' ? name : undefined;
  }
  return undefined;
}

/**
 * The message the login form shows for a failed sign-in (spec §8): wrong e-mail or password
 * (Cognito does not say which, and neither do we), an unconfirmed account, or anything else.
 */
export function mapSignInError(err: unknown): string {
  const name = errorName(err);
  // A sign-up whose link was not followed yet is a disabled account (functions/auth/identity.ts):
  // Cognito answers NotAuthorizedException "User is disabled.".
  if (name === 'NotAuthorizedException' && isDisabledMessage(err)) return es.auth.notConfirmed;
  if (name && WRONG_CREDENTIALS.has(name)) return es.auth.wrongCredentials;
  if (name === 'UserNotConfirmedException') return es.auth.notConfirmed;
  return es.auth.unexpected;
}

function isDisabledMessage(err: unknown): boolean {
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && /user is disabled/i.test(message);
}

/** Amplify reports an unconfirmed account as a next step instead of an error. */
export type SignInOutcome = 'done' | 'notConfirmed' | 'unexpected';

export function outcomeOfSignInStep(step: string | undefined, isSignedIn: boolean): SignInOutcome {
  if (isSignedIn || step === 'DONE') return 'done';
  if (step === 'CONFIRM_SIGN_UP') return 'notConfirmed';
  return 'unexpected';
}

export function isAlreadySignedInError(err: unknown): boolean {
  return errorName(err) === 'UserAlreadyAuthenticatedException';
}

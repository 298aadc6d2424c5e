import { describe, expect, it } from 'vitest';
import { es } from '../../../../shared/messages.es';
import { isAlreadySignedInError, mapSignInError, outcomeOfSignInStep } from './signInErrors';

describe('mapSignInError', () => {
  it('says wrong credentials for an unknown user or a wrong password', () => {
    expect(mapSignInError({ name: 'NotAuthorizedException' })).toBe(
      'Email o contraseña incorrectos',
    );
    expect(mapSignInError({ name: 'UserNotFoundException' })).toBe(es.auth.wrongCredentials);
  });

  it('asks to confirm the e-mail for an unconfirmed account', () => {
    expect(mapSignInError({ name: 'UserNotConfirmedException' })).toBe(es.auth.notConfirmed);
  });

  it('asks to confirm the e-mail for a pending (disabled) account, as Cognito words it', () => {
    expect(mapSignInError({ name: 'NotAuthorizedException', message: 'User is disabled.' })).toBe(
      es.auth.notConfirmed,
    );
    expect(
      mapSignInError({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      }),
    ).toBe(es.auth.wrongCredentials);
  });

  it('falls back to the unexpected error', () => {
    for (const err of [new Error('boom'), { name: 'NetworkError' }, undefined, null, 'x', 42]) {
      expect(mapSignInError(err)).toBe('Error inesperado. Inténtalo de nuevo.');
    }
  });

  it('reads the name of real Error subclasses', () => {
    const err = new Error('Incorrect username or password.');
    err.name = 'NotAuthorizedException';
    expect(mapSignInError(err)).toBe(es.auth.wrongCredentials);
  });
});

describe('outcomeOfSignInStep', () => {
  it('is done when signed in', () => {
    expect(outcomeOfSignInStep('DONE', true)).toBe('done');
    expect(outcomeOfSignInStep(undefined, true)).toBe('done');
  });
  it('maps CONFIRM_SIGN_UP to notConfirmed', () => {
    expect(outcomeOfSignInStep('CONFIRM_SIGN_UP', false)).toBe('notConfirmed');
  });
  it('treats any other challenge as unexpected', () => {
    expect(outcomeOfSignInStep('CONFIRM_SIGN_IN_WITH_TOTP_CODE', false)).toBe('unexpected');
    expect(outcomeOfSignInStep('RESET_PASSWORD', false)).toBe('unexpected');
  });
});

it('recognises an already-signed-in error', () => {
  expect(isAlreadySignedInError({ name: 'UserAlreadyAuthenticatedException' })).toBe(true);
  expect(isAlreadySignedInError({ name: 'NotAuthorizedException' })).toBe(false);
});

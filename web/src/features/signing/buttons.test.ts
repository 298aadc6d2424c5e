import { describe, expect, it } from 'vitest';
import type { SigningComponent, SigningResponse } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import { buttonEffect, defaultButton, errorCodeOf, runningText, supportHref } from './buttons';

const t = es.signing;
const data = (over: Partial<SigningResponse['data']> = {}) =>
  ({ ...over }) as SigningResponse['data'];
const button = (over: Partial<SigningComponent>): SigningComponent => ({
  id: 'b',
  type: 'button',
  ...over,
});

describe('runningText (§2 screen 8, §9)', () => {
  it('says what runs, with the estimate of the two long steps', () => {
    expect(runningText('request_second_factor')).toEqual({
      label: 'Solicitando código...',
      estimate: t.estimateSecondFactor,
    });
    expect(runningText('submit_signature')).toEqual({
      label: 'Firmando...',
      estimate: t.estimateSignature,
    });
    expect(runningText('start_signing')).toEqual({ label: 'Procesando...' });
    expect(runningText(undefined)).toEqual({ label: 'Procesando...' });
    expect(t.estimateSecondFactor).toContain('15 y 30');
    expect(t.estimateSignature).toContain('10 y 20');
  });
});

describe('buttonEffect: the nine actions', () => {
  it('posts the value as the next accion; secondary and check_status skip the rules', () => {
    expect(
      buttonEffect(button({ action: 'start_signing', value: 'accept_consent' }), data()),
    ).toEqual({ kind: 'post', accion: 'accept_consent', validate: true });
    expect(
      buttonEffect(
        button({ action: 'submit_signature', value: 'submit_signature', style: 'success' }),
        data(),
      ),
    ).toEqual({ kind: 'post', accion: 'submit_signature', validate: true });
    expect(
      buttonEffect(
        button({ action: 'request_second_factor', value: 'send_code', style: 'secondary' }),
        data(),
      ),
    ).toEqual({ kind: 'post', accion: 'send_code', validate: false });
    expect(buttonEffect(button({ action: 'check_status', value: 'check_status' }), data())).toEqual(
      {
        kind: 'post',
        accion: 'check_status',
        validate: false,
      },
    );
    expect(
      buttonEffect(
        button({ action: 'unlock_certificate', value: 'unlock_certificate', style: 'danger' }),
        data(),
      ),
    ).toEqual({ kind: 'post', accion: 'unlock_certificate', validate: true });
  });

  it('a button without a value posts its action when that is a step', () => {
    expect(buttonEffect(button({ action: 'unlock_second_factor' }), data())).toMatchObject({
      kind: 'post',
      accion: 'unlock_second_factor',
    });
    expect(buttonEffect(button({ action: 'start_signing' }), data())).toEqual({
      kind: 'toast',
      message: es.common.unexpected,
    });
  });

  it('go_home, contact_support and redirect_unlock act in the browser', () => {
    expect(buttonEffect(button({ action: 'go_home', value: 'x' }), data())).toEqual({
      kind: 'home',
    });
    const support = buttonEffect(
      button({ action: 'contact_support' }),
      data({ errorCode: 'SIG-X' }),
    );
    expect(support).toEqual({ kind: 'support', href: supportHref('SIG-X') });
    expect(supportHref('SIG-X')).toMatch(/^mailto:soporte@sello\.cl\?subject=.*SIG-X/);
    expect(
      buttonEffect(button({ action: 'redirect_unlock' }), data({ unlockUrl: 'https://p/u' })),
    ).toEqual({
      kind: 'redirect',
      url: 'https://p/u',
    });
    expect(buttonEffect(button({ action: 'redirect_unlock' }), data({ unlockUrl: null }))).toEqual({
      kind: 'toast',
      message: 'No se encontró URL de desbloqueo',
    });
    expect(
      buttonEffect(
        button({ action: 'redirect_unlock' }),
        data({ unlockUrl: 'javascript:alert(1)' }),
      ),
    ).toEqual({ kind: 'toast', message: 'No se encontró URL de desbloqueo' });
  });
});

describe('errorCodeOf and defaultButton', () => {
  it('reads errorCode, else errorDetails.code', () => {
    expect(errorCodeOf(data({ errorCode: 'A', errorDetails: { code: 'B' } }))).toBe('A');
    expect(errorCodeOf(data({ errorCode: null, errorDetails: { code: 'B' } }))).toBe('B');
    expect(errorCodeOf(data({}))).toBeUndefined();
  });

  it('Enter presses the first primary/success posting button', () => {
    const list: SigningComponent[] = [
      { id: 'c', type: 'code' },
      button({ id: 'resend', style: 'secondary', value: 'send_code' }),
      button({ id: 'reject', style: 'danger', value: 'reject_form' }),
      button({ id: 'verify', style: 'primary', value: 'verify_code' }),
    ];
    expect(defaultButton(list)?.id).toBe('verify');
    expect(defaultButton(list.slice(0, 3))).toBeUndefined();
  });
});

describe('the steps a button may post', () => {
  it('are exactly the contract’s steps', async () => {
    const { signingActions } = await import('../../../../shared/contract/signing');
    for (const accion of signingActions) {
      expect(buttonEffect(button({ value: accion }), data())).toMatchObject({
        kind: 'post',
        accion,
      });
    }
    expect(buttonEffect(button({ value: 'toString' }), data()).kind).toBe('toast');
    expect(buttonEffect(button({ value: 'drop_table' }), data()).kind).toBe('toast');
  });
});

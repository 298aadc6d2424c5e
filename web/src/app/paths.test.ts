import { describe, expect, it } from 'vitest';
import { isBareLayoutPath, isUngatedPath } from './paths';

describe('isBareLayoutPath', () => {
  it.each([
    '/sign/abc',
    '/sign/abc/extra',
    '/firmar/abc',
    '/fea/enrolment-success',
    '/fea/password-recovery',
    '/password-recovery-success',
    '/certificate-unlock-success',
    '/second-factor-unlock-success',
    '/verificar',
    '/verificar/7K3QD-M2XPA',
    '/descargar/ord_1',
  ])('%s has no header nor sidebar', (path) => {
    expect(isBareLayoutPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/sign',
    '/signup',
    '/firmar-documento',
    '/fea/enrolment-return',
    '/mis-pedidos',
    '/reset-password',
    '/forgot-password',
    '/admin/organizations',
    '/organization-dashboard',
    '/notary-dashboard',
    '/verificaciones',
    '/descargar',
  ])('%s has header and sidebar', (path) => {
    expect(isBareLayoutPath(path)).toBe(false);
  });
});

describe('isUngatedPath', () => {
  it('leaves every bare path ungated', () => {
    expect(isUngatedPath('/sign/x')).toBe(true);
    expect(isUngatedPath('/firmar/x')).toBe(true);
    expect(isUngatedPath('/certificate-unlock-success')).toBe(true);
    expect(isUngatedPath('/verificar/7K3QD-M2XPA')).toBe(true);
    expect(isUngatedPath('/descargar/ord_1')).toBe(true);
  });

  it('leaves e-mail and provider return targets ungated', () => {
    expect(isUngatedPath('/auth/confirm')).toBe(true);
    expect(isUngatedPath('/auth/confirm/')).toBe(true);
    expect(isUngatedPath('/reset-password')).toBe(true);
    expect(isUngatedPath('/fea/enrolment-return')).toBe(true);
  });

  it('leaves the legal pages open to anyone', () => {
    expect(isUngatedPath('/terminos')).toBe(true);
    expect(isUngatedPath('/privacidad/')).toBe(true);
  });

  it('gates the rest of the app', () => {
    for (const path of ['/', '/login', '/signup', '/mis-pedidos', '/crm', '/auth', '/dashboard']) {
      expect(isUngatedPath(path)).toBe(false);
    }
  });
});

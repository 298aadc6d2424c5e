import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, loginUrlFor, safeNextPath } from './redirects';

describe('safeNextPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/checkout?step=2#pago')).toBe('/checkout?step=2#pago');
    expect(safeNextPath('/mis-pedidos')).toBe('/mis-pedidos');
    expect(safeNextPath('/')).toBe('/');
  });

  it('falls back to /mis-pedidos when absent or empty', () => {
    expect(DEFAULT_AFTER_LOGIN).toBe('/mis-pedidos');
    expect(safeNextPath(null)).toBe('/mis-pedidos');
    expect(safeNextPath(undefined)).toBe('/mis-pedidos');
    expect(safeNextPath('')).toBe('/mis-pedidos');
  });

  it('rejects other sites and tricks', () => {
    for (const next of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/%5Cevil.example',
      '/\tevil',
      '/\n/evil.example',
      ' /dashboard',
      `/${'a'.repeat(3000)}`,
    ]) {
      const result = safeNextPath(next);
      expect(result.startsWith('/'), next).toBe(true);
      expect(result.startsWith('//'), next).toBe(false);
      expect(new URL(result, 'https://sello.test').origin, next).toBe('https://sello.test');
    }
    expect(safeNextPath('//evil.example')).toBe('/mis-pedidos');
    expect(safeNextPath('https://evil.example/')).toBe('/mis-pedidos');
    expect(safeNextPath('/\\evil.example')).toBe('/mis-pedidos');
  });

  it('does not return to an auth page', () => {
    expect(safeNextPath('/login')).toBe('/mis-pedidos');
    expect(safeNextPath('/login?next=/x')).toBe('/mis-pedidos');
    expect(safeNextPath('/signup/')).toBe('/mis-pedidos');
    expect(safeNextPath('/reset-password#access_token=x')).toBe('/mis-pedidos');
  });

  it('uses the given fallback', () => {
    expect(safeNextPath('//evil', '')).toBe('');
    expect(safeNextPath(null, '/dashboard')).toBe('/dashboard');
  });
});

it('builds the login URL with an encoded next', () => {
  expect(loginUrlFor('/dashboard')).toBe('/login?next=%2Fdashboard');
  expect(safeNextPath(new URLSearchParams('next=%2Fdashboard').get('next'))).toBe('/dashboard');
});

import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A deployment without a provider ('none', the CDK parameters' default, or unset) has no
 * provider: the type's screen says it is unavailable. It must not throw (a 5xx to the signer).
 */
const kept = { ...process.env };
afterEach(() => {
  process.env = { ...kept };
  vi.resetModules();
});

const cases = [
  {
    type: 'advanced',
    vars: ['FEA_API_URL', 'FEA_API_KEY'],
    load: async () => (await import('./advanced/provider-instance.js')).feaProvider(),
  },
  {
    type: 'clave_unica',
    vars: ['CLAVEUNICA_ISSUER', 'CLAVEUNICA_CLIENT_ID', 'CLAVEUNICA_CLIENT_SECRET'],
    load: async () => (await import('./clave-unica/provider-instance.js')).identityProvider(),
  },
  {
    type: 'biometric',
    vars: ['BIOMETRIC_API_URL', 'BIOMETRIC_API_KEY'],
    load: async () => (await import('./biometric/provider-instance.js')).biometricProvider(),
  },
];

describe('a signature type without a configured provider', () => {
  for (const c of cases) {
    it(`${c.type}: 'none' or unset reads as no provider`, async () => {
      for (const value of ['none', '', undefined]) {
        vi.resetModules();
        for (const v of c.vars) {
          if (value === undefined) delete process.env[v];
          else process.env[v] = value;
        }
        await expect(c.load()).resolves.toBeUndefined();
      }
    });

    it(`${c.type}: configured, a provider`, async () => {
      for (const v of c.vars)
        process.env[v] = v.endsWith('ISSUER') || v.endsWith('URL') ? 'http://127.0.0.1:9/x' : 'k';
      await expect(c.load()).resolves.toBeDefined();
    });
  }
});

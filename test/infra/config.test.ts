import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { MailConstruct } from '../../lib/mail.js';
import { readConfig } from '../../lib/sello-stack.js';

// Context handling only: no synth in this file.
const configWith = (context: Record<string, unknown>) => readConfig(new App({ context }).node);

describe('context', () => {
  it('has production-safe defaults', () => {
    expect(configWith({})).toMatchObject({
      mailFrom: 'no-reply@sello.cl',
      mailFromDomain: 'sello.cl',
      appOrigins: undefined, // → the app URL only
      logLevel: 'INFO',
      functionTimeoutSeconds: 10,
    });
  });

  it('reads lists from cdk.json arrays and from -c a,b strings', () => {
    expect(configWith({ appOrigins: ['https://a.cl'] }).appOrigins).toEqual(['https://a.cl']);
    expect(configWith({ appOrigins: 'https://a.cl, https://b.cl' }).appOrigins).toEqual([
      'https://a.cl',
      'https://b.cl',
    ]);
  });

  it('reads numbers given as CLI strings and rejects nonsense', () => {
    expect(configWith({ functionTimeoutSeconds: '20' }).functionTimeoutSeconds).toBe(20);
    expect(() => configWith({ apiThrottleRateLimit: 'lots' })).toThrow(/apiThrottleRateLimit/);
  });

  it('refuses a wildcard upload origin', () => {
    expect(() => configWith({ appOrigins: ['*'] })).toThrow(/appOrigins/);
  });

  it('refuses a sender outside the verified domain', () => {
    expect(
      () =>
        new MailConstruct(new Stack(), 'Mail', {
          mailFrom: 'no-reply@other.cl',
          mailFromDomain: 'sello.cl',
        }),
    ).toThrow(/not an address of/);
  });
});

import { describe, expect, it } from 'vitest';
import { isWebAddress, recoveryResultOf, signingPathAfterUnlock, unlockResultOf } from './feaQuery';

describe('recovery result query (screen 12)', () => {
  it('reads status, message and tipo, certificado by default', () => {
    expect(recoveryResultOf('?status=success&message=Clave%20recuperada&tipo=certificado')).toEqual(
      {
        ok: true,
        message: 'Clave recuperada',
        kind: 'certificado',
      },
    );
    expect(recoveryResultOf('?status=success&tipo=segundo_factor').kind).toBe('segundo_factor');
    expect(recoveryResultOf('?status=success&tipo=otro').kind).toBe('certificado');
  });

  it('is an error unless the status says success', () => {
    expect(recoveryResultOf('').ok).toBe(false);
    expect(recoveryResultOf('?status=error&message=No').ok).toBe(false);
  });

  it('keeps a long message short', () => {
    expect(recoveryResultOf(`?message=${'a'.repeat(1000)}`).message).toHaveLength(300);
  });
});

describe('unlock result query (screens 13–14)', () => {
  it('defaults to success and reads the signer and the return code', () => {
    expect(unlockResultOf('?signer_id=abc&r=xyz')).toEqual({
      ok: true,
      message: undefined,
      signerId: 'abc',
      returnCode: 'xyz',
    });
    expect(unlockResultOf('?status=error&message=Bloqueado').ok).toBe(false);
  });

  it('never reads a token', () => {
    const r = unlockResultOf('?signer_id=abc&token=secret&signing_token=secret2');
    expect(JSON.stringify(r)).not.toContain('secret');
  });

  it('continues on the alternative signing link, with the return code when there is one', () => {
    expect(signingPathAfterUnlock('abc', 'xyz')).toBe('/firmar/abc?refresh_status=true&r=xyz');
    expect(signingPathAfterUnlock('a/b')).toBe('/firmar/a%2Fb?refresh_status=true');
  });
});

describe('provider page address', () => {
  it('follows only web addresses', () => {
    expect(isWebAddress('http://127.0.0.1:9/recuperacion/x')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('nada')).toBe(false);
  });
});

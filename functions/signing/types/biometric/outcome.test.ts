import { describe, expect, it } from 'vitest';
import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es.js';
import type { Verification } from './biometric-provider.js';
import { judgeSerial, judgeVerification } from './outcome.js';

const checked = (over: Partial<Extract<Verification, { kind: 'checked' }>> = {}): Verification => ({
  kind: 'checked',
  transactionId: 'tx',
  result: 'positive',
  score: 0.9,
  mrzRun: '11111111-1',
  mrzSerial: '100111111',
  ...over,
});

describe("what the provider's answer means for the signer", () => {
  it('proves the identity when the face matches and the card is the signer’s (RUT as typed)', () => {
    expect(judgeVerification(checked(), '11.111.111-1')).toEqual({
      ok: true,
      run: '11111111-1',
      serial: '100111111',
    });
  });

  it('refuses each other answer with its message and code', () => {
    const code = (v: Verification) => {
      const j = judgeVerification(v, '11111111-1');
      return j.ok ? 'ok' : j.code;
    };
    expect(code(checked({ result: 'negative' }))).toBe('BIO-FACE-MISMATCH');
    expect(code(checked({ result: 'no_face' }))).toBe('BIO-NO-FACE');
    expect(code(checked({ result: 'spoof' }))).toBe('BIO-SPOOF');
    expect(code(checked({ mrzRun: null }))).toBe('BIO-MRZ-UNREADABLE');
    expect(code(checked({ mrzSerial: null }))).toBe('BIO-MRZ-UNREADABLE');
    expect(code(checked({ mrzRun: '22222222-2' }))).toBe('BIO-RUN-MISMATCH');
    expect(code({ kind: 'capture_error', transactionId: null, code: 202, side: 'id_back' })).toBe(
      'BIO-CAPTURE-202',
    );
    const mismatch = judgeVerification(checked({ mrzRun: '22222222-2' }), '11111111-1');
    expect(mismatch.ok ? '' : mismatch.message).toBe(
      bio.runMismatch.replace('{run}', '22.222.222-2'),
    );
  });

  it('accepts only a card in force', () => {
    expect(judgeSerial('vigente')).toBeUndefined();
    expect(judgeSerial('no_vigente')).toMatchObject({ ok: false, code: 'BIO-SERIAL-NOT-VALID' });
    expect(judgeSerial('no_match')).toMatchObject({ ok: false, code: 'BIO-SERIAL-NO-MATCH' });
  });
});

import { biometricSigningEs as bio } from '../../../../shared/messages/biometric-signing.es.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { formatRut } from '../../../../shared/rules/rut.js';
import { sameRun } from '../clave-unica/run-claims.js';
import type { CaptureSide, SerialStatus, Verification } from './biometric-provider.js';

/**
 * What a provider's answer means for the signer (pure: unit-tested): the identity proved, or a
 * refusal with its Spanish message and code. Proved = a positive comparison, a readable MRZ
 * whose RUN is the signer's RUT, then (serialStatus) a card in force.
 */
export type Judgement =
  | { ok: true; run: string; serial: string }
  | { ok: false; message: string; code: string; reason: string };

const CAPTURE: Record<CaptureSide, string> = {
  id_front: bio.captureFront,
  id_back: bio.captureBack,
  selfie: bio.captureSelfie,
  any: bio.captureAny,
};

const refused = (reason: string, message: string, code: string): Judgement => ({
  ok: false,
  reason,
  message,
  code,
});

/** The comparison and the card's reading, before the serial is asked about. */
export function judgeVerification(v: Verification, signerRut: string): Judgement {
  if (v.kind === 'capture_error') {
    return refused(`capture_${v.side}`, CAPTURE[v.side], `BIO-CAPTURE-${v.code}`);
  }
  if (v.result === 'negative')
    return refused('face_mismatch', bio.faceMismatch, 'BIO-FACE-MISMATCH');
  if (v.result === 'no_face') return refused('no_face', bio.noFace, 'BIO-NO-FACE');
  if (v.result === 'spoof') return refused('spoof', bio.spoof, 'BIO-SPOOF');
  if (!v.mrzRun || !v.mrzSerial) {
    return refused('mrz_unreadable', bio.mrzUnreadable, 'BIO-MRZ-UNREADABLE');
  }
  if (!sameRun(v.mrzRun, signerRut)) {
    return refused(
      'run_mismatch',
      fmt(bio.runMismatch, { run: formatRut(v.mrzRun) }),
      'BIO-RUN-MISMATCH',
    );
  }
  return { ok: true, run: v.mrzRun, serial: v.mrzSerial };
}

/** The card's state at the Registro Civil. */
export function judgeSerial(status: SerialStatus): Judgement | undefined {
  if (status === 'no_vigente')
    return refused('serial_no_vigente', bio.serialNotValid, 'BIO-SERIAL-NOT-VALID');
  if (status === 'no_match')
    return refused('serial_no_match', bio.serialNoMatch, 'BIO-SERIAL-NO-MATCH');
  return undefined;
}

import { randomUUID } from 'node:crypto';
import { type BiometricIdentity, identityOf, OTHER_CARD_RUN } from './identities.js';
import { isPicture } from './images.js';

/**
 * The simulator's `/v2/face-and-document` (TOC's shape, functions/signing/types/biometric/
 * biometric-codes.ts): the three pictures checked to be JPEG or PNG (a capture error for the
 * first that is not), then the identity's scenario decides the answer. Each comparison is a
 * transaction kept in memory (the provider's own evidence), readable through the test door.
 */
export interface Transaction {
  toc_token: string;
  run: string;
  at: string;
  reply: Record<string, unknown>;
}

export class BiometricState {
  readonly sessions = new Set<string>();
  /** Comparisons made per RUN: 'first_selfie_rejected' refuses only the first. */
  readonly attempts = new Map<string, number>();
  readonly transactions: Transaction[] = [];
  /** Identities tests registered (POST /_emulator/identities), by compact RUT. */
  readonly registered = new Map<string, BiometricIdentity>();

  reset(): void {
    this.registered.clear();
    this.sessions.clear();
    this.attempts.clear();
    this.transactions.length = 0;
  }
}

const CAPTURE_CODE = { id_front: '201', id_back: '202', selfie: '203' } as const;

export function faceAndDocument(
  state: BiometricState,
  fields: { run: string; files: Record<'id_front' | 'id_back' | 'selfie', Uint8Array | undefined> },
  now: Date,
): Record<string, unknown> {
  const toc_token = randomUUID();
  const who = identityOf(fields.run, state.registered);
  const keep = (reply: Record<string, unknown>) => {
    state.transactions.push({ toc_token, run: who.run, at: now.toISOString(), reply });
    return reply;
  };
  for (const side of ['id_front', 'id_back', 'selfie'] as const) {
    const file = fields.files[side];
    if (!file) return keep({ status: '431', toc_token });
    if (!isPicture(file)) return keep({ status: CAPTURE_CODE[side], toc_token });
  }
  const seen = (state.attempts.get(who.run) ?? 0) + 1;
  state.attempts.set(who.run, seen);
  const card = (run: string | null, serial: string | null) => ({
    mrz: {
      data: {
        'national identification number': run,
        'document number': serial,
        names: 'TEST',
      },
    },
  });
  const ok = { status: '200', toc_token, liveness: 'passed' };
  switch (who.scenario) {
    case 'first_selfie_rejected':
      return keep(
        seen === 1
          ? {
              ...ok,
              'biometric result': 0,
              score: 0.31,
              'information from document': card(who.run, who.serial),
            }
          : {
              ...ok,
              'biometric result': 2,
              score: 0.9,
              'information from document': card(who.run, who.serial),
            },
      );
    case 'no_face':
      return keep({
        ...ok,
        'biometric result': -1,
        score: null,
        'information from document': card(who.run, who.serial),
      });
    case 'spoof':
      return keep({
        ...ok,
        liveness: 'failed',
        'biometric result': 2,
        score: 0.88,
        'information from document': card(who.run, who.serial),
      });
    case 'mrz_unreadable':
      return keep({
        ...ok,
        'biometric result': 2,
        score: 0.9,
        'information from document': card(null, null),
      });
    case 'other_run':
      return keep({
        ...ok,
        'biometric result': 2,
        score: 0.92,
        'information from document': card(OTHER_CARD_RUN, who.serial),
      });
    default:
      return keep({
        ...ok,
        'biometric result': 2,
        score: 0.95,
        'information from document': card(who.run, who.serial),
      });
  }
}

/** The serial's state at the Registro Civil, or 'hang' (never answered). */
export function documentStatus(
  state: BiometricState,
  run: string,
  serial: string,
): string | 'hang' {
  const who = identityOf(run, state.registered);
  if (who.scenario === 'serial_timeout') return 'hang';
  if (who.scenario === 'serial_no_vigente') return 'NO_VIGENTE';
  if (who.scenario === 'serial_no_match' || serial !== who.serial) return 'NO_MATCH';
  return 'VIGENTE';
}

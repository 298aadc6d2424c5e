/**
 * The biometric simulator's test identities, by the signer's RUT (README "Firma biométrica").
 * A real provider reads the RUN from the card's MRZ; the simulator cannot read the fake camera's
 * pictures, so it picks the identity by the RUT the adapter sends along (`expected_run`).
 * Any other valid RUT is an approved identity whose card carries that RUT.
 */
export type BiometricScenario =
  /** Same face, card in force. */
  | 'approved'
  /** The first selfie "does not match" (biometric result 0); later ones pass. */
  | 'first_selfie_rejected'
  /** No face in the selfie (biometric result -1). */
  | 'no_face'
  /** A selfie that is not a live person (liveness failed). */
  | 'spoof'
  /** The card's back cannot be read: no RUN or serial. */
  | 'mrz_unreadable'
  /** The card belongs to someone else (its MRZ RUN is another person's). */
  | 'other_run'
  /** The card's serial is no longer in force at the Registro Civil. */
  | 'serial_no_vigente'
  /** The Registro Civil knows no such card for that RUN. */
  | 'serial_no_match'
  /** The serial-status call never answers. */
  | 'serial_timeout';

export interface BiometricIdentity {
  run: string;
  scenario: BiometricScenario;
  /** The card's serial as its MRZ reads. */
  serial: string;
}

export const BIOMETRIC_TEST_IDENTITIES: readonly BiometricIdentity[] = [
  { run: '11111111-1', scenario: 'approved', serial: '100111111' },
  { run: '22222222-2', scenario: 'first_selfie_rejected', serial: '100222222' },
  { run: '33333333-3', scenario: 'no_face', serial: '100333333' },
  { run: '66666666-6', scenario: 'spoof', serial: '100666666' },
  { run: '77777777-7', scenario: 'mrz_unreadable', serial: '100777777' },
  { run: '13131313-6', scenario: 'other_run', serial: '100131313' },
  { run: '14141414-3', scenario: 'serial_no_vigente', serial: '100141414' },
  { run: '15151515-0', scenario: 'serial_no_match', serial: '100151515' },
  { run: '16161616-8', scenario: 'serial_timeout', serial: '100161616' },
];

/** Whose card the 'other_run' identity shows. */
export const OTHER_CARD_RUN = '11111111-1';

export const compact = (run: string) => run.replace(/[^0-9kK]/g, '').toUpperCase();

export const isScenario = (s: unknown): s is BiometricScenario =>
  typeof s === 'string' && SCENARIOS.includes(s as BiometricScenario);

const SCENARIOS: readonly BiometricScenario[] = [
  'approved',
  'first_selfie_rejected',
  'no_face',
  'spoof',
  'mrz_unreadable',
  'other_run',
  'serial_no_vigente',
  'serial_no_match',
  'serial_timeout',
];

/**
 * The identity a RUT stands for: one a test registered (`registered`, by compact RUT: a test
 * of its own needs no shared fixture whose state other tests move), a fixture, else an approved
 * one carrying that RUT.
 */
export function identityOf(
  run: string,
  registered?: ReadonlyMap<string, BiometricIdentity>,
): BiometricIdentity {
  const c = compact(run);
  const own = registered?.get(c);
  if (own) return own;
  const found = BIOMETRIC_TEST_IDENTITIES.find((i) => compact(i.run) === c);
  if (found) return found;
  return { run: `${c.slice(0, -1)}-${c.slice(-1)}`, scenario: 'approved', serial: '100000000' };
}

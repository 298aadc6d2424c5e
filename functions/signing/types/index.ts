import type { SigningResponse } from '../../../shared/contract/signing.js';
import type { SignatureType } from '../../../shared/rules/signature-types.js';
import type { FlowDeps, Live } from '../link/context.js';
import { advancedFlow } from './advanced/flow.js';
import { biometricFlow } from './biometric/flow.js';
import { claveUnicaFlow } from './clave-unica/flow.js';
import { simpleFlow } from './simple/flow.js';

/**
 * One module per signature type (simple, FEA, FES + Clave Única, biometric), each
 * in its own folder beside this file. flow.ts opens the session and takes the steps every type
 * shares (the rejection, the e-mailed code's check); every other step goes to the session's
 * type through this interface. A type not registered here answers 'type unavailable', from its
 * link's first opening on (link/session.ts).
 */

/** A signature type's own flow: its steps, its screens, its evidence. */
export interface SignatureFlow {
  type: SignatureType;
  /** Answers one step inside a live session (every accion the shared steps do not take). */
  step(live: Live, deps: FlowDeps): Promise<SigningResponse>;
  /**
   * The screen of where this signer stands (a reload, init_signing, check_status, a step out of
   * order, a code just verified to sign).
   */
  current(live: Live): Promise<SigningResponse>;
}

/** The types Sello can sign today, by type: a new type plugs in here. */
export const FLOWS: Partial<Record<SignatureType, SignatureFlow>> = {
  simple: simpleFlow,
  advanced: advancedFlow,
  clave_unica: claveUnicaFlow,
  biometric: biometricFlow,
};

export const flowOf = (type: SignatureType): SignatureFlow | undefined => FLOWS[type];

import { maskRut, santiagoStamp } from '../../../shared/rules/evidence-format.js';
import type { SignerRecord } from '../../orders/signer-records.js';

/** What the done screen shows of a signature: when (Santiago, with offset) and the masked RUT. */
export function signedAtText(signer: SignerRecord): { signedAt: string; signerRut: string | null } {
  return {
    signedAt: signer.signed_at ? santiagoStamp(signer.signed_at) : '',
    signerRut: maskRut(signer.id_number),
  };
}

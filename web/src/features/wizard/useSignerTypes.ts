import { useMemo } from 'react';
import type { ServicesCatalog } from '../../../../shared/contract/catalog';
import type { SignerTypeChoice } from './SignerTypeSelect';
import {
  chosenServices,
  isSignatureForced,
  type ServiceSelection,
  signerTypeOptions,
  signerTypeRules,
} from './wizardRules';

/**
 * Step 3's signature types (issue 23) for the current selection: the ones a signer may choose,
 * step 2's as the default, the notary-authorized forcing, and the rules the checks use. One
 * object per selection, so the signers' checks are not rerun on every render.
 */
export function useSignerTypes(
  catalog: ServicesCatalog | undefined,
  selection: ServiceSelection,
  signatureCode: string | null,
): SignerTypeChoice {
  const { notarial_service, electronic_signature } = selection;
  return useMemo(() => {
    const sel = { notarial_service, electronic_signature };
    const notarialCode = chosenServices(catalog, sel).notarial?.code;
    return {
      options: signerTypeOptions(catalog, notarialCode),
      requestSignatureId: electronic_signature,
      forced: isSignatureForced(notarialCode),
      rules: signerTypeRules(catalog, sel, signatureCode),
    };
  }, [catalog, notarial_service, electronic_signature, signatureCode]);
}

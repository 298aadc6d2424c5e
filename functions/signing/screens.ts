import type { SigningResponse } from '../../shared/contract/signing.js';
import { signingEs } from '../../shared/messages/signing.es.js';

/** An answer with every data field empty: the screens below fill what they show. */
export const emptyData = (): SigningResponse['data'] => ({
  orderNumber: null,
  vigenciaInfo: null,
  transactionCode: null,
  signerRut: null,
  signerEmail: null,
  signedAt: null,
  documentName: null,
  documentPreview: null,
  redirectUrl: null,
  unlockUrl: null,
  signingSessionId: null,
  errorDetails: null,
  errorCode: null,
});

/**
 * The one answer for every link that does not open a flow: unknown signer, wrong, expired,
 * revoked or replaced token, another signer's token, a signer who already signed or rejected.
 * Identical bytes on every path, so the answer tells a guesser nothing.
 */
export function linkInvalidScreen(): SigningResponse {
  return {
    status: 'error',
    message: signingEs.linkInvalid,
    current_step: 'init_signing',
    ui: {
      title: signingEs.linkInvalidTitle,
      description: signingEs.linkInvalid,
      type: 'blocked',
      components: [],
    },
    data: {
      ...emptyData(),
      errorCode: 'SIG-LINK-INVALID',
      errorDetails: { code: 'SIG-LINK-INVALID' },
    },
  };
}

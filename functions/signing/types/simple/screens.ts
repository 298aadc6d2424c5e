import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { signingEs as t } from '../../../../shared/messages/signing.es.js';
import {
  button,
  errorData,
  rejectButton,
  type ScreenContext,
  screen,
} from '../../steps/screen-builder.js';

/** The simple signature's own screen: the signature pad (consent and review: steps/consent-review*.ts). */

export function signatureScreen(ctx: ScreenContext, problem?: string): SigningResponse {
  return screen(ctx, {
    status: problem ? 'error' : 'success',
    message: problem ?? t.codeVerified,
    step: 'submit_signature',
    current: !!problem,
    type: problem ? 'error' : 'pending',
    title: t.signatureTitle,
    description: problem ?? t.signatureDescription,
    components: [
      {
        id: 'typed_name',
        type: 'input',
        label: t.typedNameLabel,
        validation: { minLength: { value: 3, message: t.typedNameShort } },
      },
      { id: 'signature_image', type: 'signature', label: t.signaturePadLabel },
      button('sign', t.sign, 'submit_signature', 'submit_signature', 'success'),
      rejectButton,
    ],
    data: problem ? errorData('SIG-SIGNATURE-INVALID') : undefined,
  });
}

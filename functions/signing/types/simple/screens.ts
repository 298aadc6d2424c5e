import type { SigningResponse } from '../../../../shared/contract/signing.js';
import { fmt } from '../../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../../shared/messages/signing.es.js';
import {
  button,
  errorData,
  rejectButton,
  type ScreenContext,
  screen,
  text,
} from '../../steps/screen-builder.js';

/** The simple signature's own screens: consent, review of the document, the signature pad. */

export function consentScreen(ctx: ScreenContext, requester: string): SigningResponse {
  return screen(ctx, {
    step: 'consent',
    type: 'pending',
    title: t.typeTitles[ctx.signatureType],
    description: fmt(t.consentDescription, {
      requester,
      document: ctx.documentName,
      number: ctx.orderNumber,
    }),
    components: [
      text('consent_text', t.consentText),
      button('accept', t.acceptConsent, 'accept_consent', 'start_signing'),
      rejectButton,
    ],
  });
}

export function reviewScreen(
  ctx: ScreenContext,
  doc: { url: string; isPdf: boolean },
): SigningResponse {
  return screen(ctx, {
    step: 'review',
    type: 'pending',
    title: t.reviewTitle,
    description: doc.isPdf ? t.reviewDescription : t.reviewWordHint,
    components: [
      { id: 'document', type: 'document', label: ctx.documentName, value: doc.url },
      button('reviewed', t.confirmReview, 'confirm_review', 'start_signing'),
      rejectButton,
    ],
  });
}

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

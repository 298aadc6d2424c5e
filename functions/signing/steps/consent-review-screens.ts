import type { SigningResponse } from '../../../shared/contract/signing.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { button, rejectButton, type ScreenContext, screen, text } from './screen-builder.js';

/** The screens before any type's own: the consent (its text by type) and the document's review. */

export function consentScreen(
  ctx: ScreenContext,
  requester: string,
  consentText: string,
): SigningResponse {
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
      text('consent_text', consentText),
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

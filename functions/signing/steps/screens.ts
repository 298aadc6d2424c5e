import type { SigningComponent, SigningResponse } from '../../../shared/contract/signing.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { button, errorData, type ScreenContext, screen } from './screen-builder.js';

/**
 * The screens every signature type shows: a link that does not open, a session or order that
 * ended, a type without its module, the outcome (signed, rejected), a turn not yet come.
 */

/**
 * The one answer for every link that does not open a flow: unknown signer, wrong, expired,
 * revoked or replaced token, another signer's token, a signer who already signed or rejected.
 * Identical bytes on every path, so the answer tells a guesser nothing.
 */
export function linkInvalidScreen(): SigningResponse {
  return screen(undefined, {
    status: 'error',
    message: t.linkInvalid,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.linkInvalidTitle,
    description: t.linkInvalid,
    data: errorData('SIG-LINK-INVALID'),
  });
}

/** A step without a live session (expired, or a reload in another browser). */
export function sessionExpiredScreen(): SigningResponse {
  return screen(undefined, {
    status: 'error',
    message: t.sessionExpired,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.sessionExpiredTitle,
    description: t.sessionExpired,
    data: errorData('SIG-SESSION-EXPIRED'),
  });
}

export function orderClosedScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: t.orderClosed,
    step: 'done',
    current: true,
    type: 'blocked',
    title: t.orderClosedTitle,
    description: t.orderClosed,
    data: errorData('SIG-ORDER-CANCELLED'),
  });
}

/**
 * A link its signer's requester replaced with a resend (issue 21): said plainly, with where the
 * newer one went, instead of "invalid". Only the holder of a former link of this very signer
 * gets it (former-link.ts).
 */
export function linkReplacedScreen(ctx: ScreenContext): SigningResponse {
  const description = fmt(t.linkReplaced, { email: ctx.signerEmailMasked });
  return screen(ctx, {
    status: 'error',
    message: description,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.linkReplacedTitle,
    description,
    data: errorData('SIG-LINK-REPLACED'),
  });
}

export function typeUnavailableScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: t.typeUnavailable,
    step: 'init_signing',
    current: true,
    type: 'error',
    title: t.typeTitles[ctx.signatureType],
    description: t.typeUnavailable,
    data: errorData('SIG-TYPE-UNAVAILABLE'),
  });
}

/**
 * What happens to the sealed file for this signer (customer-flows §2.5 delivery option): a
 * recipient gets it by mail, and the download here once sealed; a signer of an order delivered
 * to the requester only is told so, not promised a mail that will never come.
 */
export type SignedDelivery =
  | { kind: 'sealed'; url: string; fileName: string }
  | { kind: 'by_mail' }
  | { kind: 'requester_only'; requester: string };

export function signedScreen(
  ctx: ScreenContext,
  p: {
    signedAt: string;
    signerRut: string | null;
    delivery: SignedDelivery;
    justSigned: boolean;
    /** A provider's signature (FEA): its transaction code; 'N/A' (hidden) otherwise. */
    transactionCode?: string;
  },
): SigningResponse {
  const d = p.delivery;
  const description =
    d.kind === 'sealed'
      ? t.signedDescriptionSealed
      : d.kind === 'requester_only'
        ? fmt(t.signedDescriptionRequesterOnly, { requester: d.requester })
        : t.signedDescription;
  const components: SigningComponent[] =
    d.kind === 'sealed'
      ? [{ id: 'sealed_document', type: 'document', label: d.fileName, value: d.url }]
      : d.kind === 'by_mail'
        ? [button('check', t.signedCheckSealed, 'check_status', 'check_status', 'secondary')]
        : [];
  return screen(ctx, {
    // The toast celebrates the signature once, not each later look at the outcome.
    message: p.justSigned ? t.signedToast : '',
    step: 'done',
    type: 'success',
    title: t.signedTitle,
    description,
    components,
    data: {
      signedAt: p.signedAt,
      signerRut: p.signerRut,
      transactionCode: p.transactionCode ?? 'N/A',
    },
  });
}

export function notYourTurnScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    status: 'error',
    message: t.notYourTurn,
    step: 'init_signing',
    current: true,
    type: 'blocked',
    title: t.notYourTurnTitle,
    description: t.notYourTurn,
    data: errorData('SIG-NOT-YOUR-TURN'),
  });
}

export function rejectedScreen(ctx: ScreenContext): SigningResponse {
  return screen(ctx, {
    message: t.rejectedDescription,
    step: 'done',
    type: 'blocked',
    title: t.rejectedTitle,
    description: t.rejectedDescription,
  });
}

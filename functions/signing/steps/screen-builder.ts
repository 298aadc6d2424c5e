import type { SigningComponent, SigningResponse } from '../../../shared/contract/signing.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import type { SignatureType } from '../../../shared/rules/signature-types.js';

/**
 * What every screen of the server-driven signing flow is made of (credits-signing-admin §3):
 * every answer has the same shape; the SPA renders `ui` and posts each button's `value` as the
 * next `accion`. Only this signer's own data ever appears here. The screens every signature
 * type shows are in screens.ts; a type's own screens are in its folder (types/<type>/).
 */

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

/** What every screen of one signer shows about the order. */
export interface ScreenContext {
  orderNumber: string;
  documentName: string;
  signerEmailMasked: string;
  signatureType: SignatureType;
  /** Set on the answer that opened the session (the page keeps it). */
  sessionId?: string;
}

export type Data = Partial<SigningResponse['data']>;

export function screen(
  ctx: ScreenContext | undefined,
  p: {
    status?: SigningResponse['status'];
    message?: string;
    step: string;
    type: SigningResponse['ui']['type'];
    title: string;
    description: string;
    components?: SigningComponent[];
    data?: Data;
    current?: boolean;
  },
): SigningResponse {
  return {
    status: p.status ?? 'success',
    message: p.message ?? '',
    ...(p.current ? { current_step: p.step } : { next_step: p.step }),
    ui: {
      title: p.title,
      description: p.description,
      type: p.type,
      components: p.components ?? [],
    },
    data: {
      ...emptyData(),
      ...(ctx
        ? {
            orderNumber: ctx.orderNumber,
            documentName: ctx.documentName,
            signerEmail: ctx.signerEmailMasked,
            signingSessionId: ctx.sessionId ?? null,
          }
        : {}),
      ...p.data,
    },
  };
}

export const button = (
  id: string,
  label: string,
  value: string,
  action: SigningComponent['action'],
  style: SigningComponent['style'] = 'primary',
): SigningComponent => ({ id, type: 'button', label, value, action, style });

export const text = (id: string, value: string): SigningComponent => ({ id, type: 'text', value });

/** 'Rechazar', on every screen of a signer who may still sign. */
export const rejectButton = button('reject', t.reject, 'reject_form', 'start_signing', 'danger');

export const errorData = (code: string): Data => ({ errorCode: code, errorDetails: { code } });

import type { SigningStepRequest } from '../../../shared/contract/signing.js';
import { maskEmail } from '../../../shared/rules/evidence-format.js';
import type { SignatureType } from '../../../shared/rules/signature-types.js';
import type { OrderRecord } from '../../orders/repo.js';
import type { SignerRecord } from '../../orders/signer-records.js';
import { AppError } from '../../platform/errors.js';
import { hitLimit, type LimitHit, type LimitName } from '../../platform/limits.js';
import type { Mailer } from '../../platform/mail.js';
import type { ScreenContext } from '../steps/screen-builder.js';
import type { AuditInput } from '../trail/audit-chain.js';
import type { SigningSession } from './session-repo.js';

/** One step as the flow sees it: the request and where it came from. */
export interface StepInput {
  body: SigningStepRequest;
  ip: string;
  userAgent: string;
  now: Date;
}

/** What a step is given besides its input (a test's mailer instead of SES). */
export interface FlowDeps {
  mailer: Mailer;
}

/** A step inside a live session: the session, its signer and order, read this request. */
export interface Live {
  input: StepInput;
  session: SigningSession;
  sessionHash: string;
  signer: SignerRecord;
  order: OrderRecord;
  ctx: ScreenContext;
}

export const epochOf = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The type this signer signs with: the signer's own (an order may mix types, issue 23), else
 * the order's.
 */
export const signatureTypeOf = (order: OrderRecord, signer?: SignerRecord): SignatureType =>
  signer?.signature_type ?? order.signature_type ?? 'simple';

export function screenContext(
  order: OrderRecord,
  signer: SignerRecord,
  sessionId?: string,
): ScreenContext {
  return {
    orderNumber: order.order_number,
    documentName: order.document_name,
    signerEmailMasked: maskEmail(signer.email),
    signatureType: signatureTypeOf(order, signer),
    sessionId,
  };
}

export const requesterName = (order: OrderRecord) =>
  `${order.billing?.first_name ?? ''} ${order.billing?.last_name ?? ''}`.trim() || 'Sello';

/** An audit event of this signer, with where the step came from. */
export const signerEvent = (
  live: { input: StepInput; signer: SignerRecord },
  kind: AuditInput['kind'],
  details?: AuditInput['details'],
): AuditInput => ({
  kind,
  actor: { type: 'signer', id: live.signer.id },
  signer_id: live.signer.id,
  ip: live.input.ip,
  user_agent: live.input.userAgent,
  details,
});

/** The order must still be collecting signatures for any signer write to land. */
export const orderSigning = {
  condition: '#st = :processing',
  names: { '#st': 'status' },
  values: { ':processing': 'processing' },
};

/** Counts a limit hit; past it, a 429 with the limit's own Spanish text. */
export async function limited(name: LimitName, key: string, message?: string): Promise<LimitHit> {
  try {
    return await hitLimit(name, key);
  } catch (err) {
    if (message && err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
    throw err;
  }
}

import type { SigningResponse } from '../../../../shared/contract/signing';
import { es, fmt } from '../../../../shared/messages.es';
import { formatRut } from '../../../../shared/rules/rut';
import { formatSantiagoDateTime, santiagoOffset } from '../../../../shared/rules/santiago-time';
import { errorCodeOf } from './buttons';

const t = es.signing;

export interface DetailRow {
  label: string;
  value: string;
}

/**
 * "24 nov 2026, 21:28 (UTC-03:00)": the signing time in Chile's clock with its offset, es-CL
 * (§9). A value that is no instant is shown as it came.
 */
export function formatSignedAt(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${formatSantiagoDateTime(d)} (UTC${santiagoOffset(d)})`;
}

/** A transaction code worth showing: not empty and not the spec's 'N/A'. */
export function shownTransactionCode(code: string | null | undefined): string | undefined {
  const v = code?.trim();
  return v && v.toUpperCase() !== 'N/A' ? v : undefined;
}

/**
 * The rows under the title: the order number, then either the certificate's validity (RUT,
 * vigencia, fecha de vencimiento) or the signer's RUT, transaction code and signing time.
 */
export function detailRows(data: SigningResponse['data']): DetailRow[] {
  const rows: DetailRow[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value?.trim()) rows.push({ label, value });
  };
  add(t.orderNumber, data.orderNumber);
  if (data.vigenciaInfo) {
    // One RUT format on every screen (12.345.678-5), however the provider writes it.
    add(t.validityRut, formatRut(data.vigenciaInfo.rut));
    add(t.validity, data.vigenciaInfo.vigencia);
    add(t.validityExpiry, data.vigenciaInfo.fechaVencimiento);
  } else {
    add(t.signerRut, data.signerRut);
    add(t.transactionCode, shownTransactionCode(data.transactionCode));
    if (data.signedAt) add(t.signedAt, formatSignedAt(data.signedAt));
  }
  return rows;
}

/** One line of the help list; `code` is the error code the line quotes, if any. */
export interface HelpItem {
  text: string;
  code?: string;
}

/**
 * Answers that already say what happened and what to do (a link replaced by a newer one, an
 * order cancelled): "verify your data" or "try again later" would only mislead (issue 21).
 */
const SETTLED_CODES: readonly string[] = ['SIG-LINK-REPLACED', 'SIG-ORDER-CANCELLED'];

/** The help list of an error answer (§2): verify, retry later, support, quote the code. */
export function helpList(answer: SigningResponse): HelpItem[] {
  if (answer.status !== 'error') return [];
  const code = errorCodeOf(answer.data);
  const settled = !!code && SETTLED_CODES.includes(code);
  const items: HelpItem[] = settled
    ? [{ text: t.helpSupport }]
    : [{ text: t.helpVerify }, { text: t.helpRetry }, { text: t.helpSupport }];
  if (code) items.push({ text: fmt(t.helpQuote, { code }), code });
  return items;
}

/** The toast an answer raises (§4): by status, with the server's message. */
export function answerToast(
  answer: SigningResponse,
): { kind: 'success' | 'error' | 'info'; message: string } | undefined {
  const message = answer.message?.trim();
  if (!message) return undefined;
  if (answer.status === 'success') return { kind: 'success', message };
  if (answer.status === 'error') return { kind: 'error', message };
  return { kind: 'info', message };
}

/**
 * Whether a 200 body is a signing answer at all (a proxy's HTML page or a truncated body is
 * not): a light check of what the renderer reads, without bundling the contract's schema.
 */
export function isSigningResponse(body: unknown): body is SigningResponse {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<SigningResponse>;
  return (
    typeof b.status === 'string' &&
    typeof b.ui === 'object' &&
    b.ui !== null &&
    typeof b.ui.title === 'string' &&
    Array.isArray(b.ui.components) &&
    typeof b.data === 'object' &&
    b.data !== null
  );
}

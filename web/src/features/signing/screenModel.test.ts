import { describe, expect, it } from 'vitest';
import type { SigningResponse } from '../../../../shared/contract/signing';
import { es } from '../../../../shared/messages.es';
import {
  answerToast,
  detailRows,
  formatSignedAt,
  helpList,
  isSigningResponse,
  shownTransactionCode,
} from './screenModel';

const t = es.signing;

function answer(over: Partial<SigningResponse> = {}, data: Partial<SigningResponse['data']> = {}) {
  return {
    status: 'success',
    message: 'Listo',
    ui: { title: 'T', description: 'D', type: 'default', components: [] },
    ...over,
    data: { orderNumber: 'ORD-2026-000123', ...data },
  } as SigningResponse;
}

describe('the view model of an answer', () => {
  it('details: order number, then signer RUT, transaction code and signing time (es-CL, Santiago)', () => {
    const rows = detailRows(
      answer(
        {},
        { signerRut: '12.345.678-5', transactionCode: 'TX-9', signedAt: '2026-11-25T00:28:00Z' },
      ).data,
    );
    expect(rows).toEqual([
      { label: t.orderNumber, value: 'ORD-2026-000123' },
      { label: t.signerRut, value: '12.345.678-5' },
      { label: t.transactionCode, value: 'TX-9' },
      { label: t.signedAt, value: formatSignedAt('2026-11-25T00:28:00Z') },
    ]);
    // 00:28 UTC on 25 Nov is 21:28 on the 24th in Santiago (summer time, UTC-03:00).
    expect(formatSignedAt('2026-11-25T00:28:00Z')).toMatch(/^24 nov\.? 2026, 21:28 \(UTC-03:00\)$/);
  });

  it("hides a transaction code of 'N/A' or empty", () => {
    expect(shownTransactionCode('N/A')).toBeUndefined();
    expect(shownTransactionCode(' n/a ')).toBeUndefined();
    expect(shownTransactionCode('')).toBeUndefined();
    expect(shownTransactionCode(null)).toBeUndefined();
    const rows = detailRows(answer({}, { signerRut: '1-9', transactionCode: 'N/A' }).data);
    expect(rows.map((r) => r.label)).toEqual([t.orderNumber, t.signerRut]);
  });

  it('vigenciaInfo replaces the signer rows', () => {
    const rows = detailRows(
      answer(
        {},
        {
          orderNumber: null,
          signerRut: '1-9',
          vigenciaInfo: { rut: '123456785', vigencia: 'Vigente', fechaVencimiento: '01-01-2027' },
        },
      ).data,
    );
    expect(rows).toEqual([
      { label: t.validityRut, value: '12.345.678-5' },
      { label: t.validity, value: 'Vigente' },
      { label: t.validityExpiry, value: '01-01-2027' },
    ]);
  });

  it('an error answer has the help list quoting its code; others have none', () => {
    expect(
      helpList(answer({ status: 'error' }, { errorDetails: { code: 'SIG-CODE-LOCKED' } })),
    ).toEqual([
      { text: t.helpVerify },
      { text: t.helpRetry },
      { text: t.helpSupport },
      { text: 'Indica el código de error: SIG-CODE-LOCKED', code: 'SIG-CODE-LOCKED' },
    ]);
    expect(helpList(answer({ status: 'error' }))).toHaveLength(3);
    expect(helpList(answer())).toEqual([]);
  });

  it('a replaced link or a cancelled order is not told to check its data or retry', () => {
    for (const code of ['SIG-LINK-REPLACED', 'SIG-ORDER-CANCELLED']) {
      expect(helpList(answer({ status: 'error' }, { errorCode: code }))).toEqual([
        { text: t.helpSupport },
        { text: `Indica el código de error: ${code}`, code },
      ]);
    }
  });

  it('a toast by status, none without a message', () => {
    expect(answerToast(answer())).toEqual({ kind: 'success', message: 'Listo' });
    expect(answerToast(answer({ status: 'error', message: 'Mal' }))).toEqual({
      kind: 'error',
      message: 'Mal',
    });
    expect(answerToast(answer({ status: 'loading', message: 'Espera' }))).toEqual({
      kind: 'info',
      message: 'Espera',
    });
    expect(answerToast(answer({ message: ' ' }))).toBeUndefined();
  });

  it('recognises a signing answer, not other bodies', () => {
    expect(isSigningResponse(answer())).toBe(true);
    expect(isSigningResponse({ error: { code: 'X', message: 'm' } })).toBe(false);
    expect(isSigningResponse('<html>')).toBe(false);
    expect(isSigningResponse(null)).toBe(false);
  });

  it('shows a signedAt that is no instant as it came', () => {
    expect(formatSignedAt('ayer')).toBe('ayer');
  });
});

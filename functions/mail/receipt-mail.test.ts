import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/contract/receipts.js';
import { receiptsEs as t } from '../../shared/messages/receipts.es.js';
import { receiptMail, receiptRows } from './receipt-mail.js';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  id: 'a'.repeat(32),
  number: 'R-000042',
  kind: 'credits_order',
  description: 'Pedido ORD-1: Contrato <arriendo>',
  lines: [{ description: 'Firma Electrónica Simple', quantity: 2, amount: 11_970 }],
  currency_code: 'CLP',
  subtotal: 11_970,
  discount: 240,
  total: 11_730,
  payment_method: 'credits',
  credits: 118,
  reference: 'tx_123',
  payment_intent_id: null,
  transaction_id: 'tx_123',
  order_id: 'o1',
  order_number: 'ORD-1',
  billing: {
    name: 'Carla Rojas',
    email: 'carla@example.com',
    company: null,
    address: 'Av. Providencia 1234',
    city: 'Santiago',
    region: 'Región Metropolitana',
    country_id: 'cl',
  },
  issued_at: '2026-11-27T19:00:00.000Z',
  ...over,
});

describe('the receipt e-mail', () => {
  it('says what was bought, the 2% discount, what was paid (IVA incluido) and the reference', () => {
    const rows = new Map(receiptRows(receipt()));
    expect(rows.get(t.subtotal)).toBe('$11.970');
    expect(rows.get(t.discount)).toBe('-$240');
    expect(rows.get(t.total)).toBe(`$11.730 (${t.vatIncluded})`);
    expect(rows.get(t.reference)).toBe('tx_123');
    expect(rows.get(t.paymentMethod)).toBe('Pagado con 118 créditos');
    expect(rows.get('Firma Electrónica Simple × 2')).toBe('$11.970');
    expect(rows.get(t.billingTitle)).toContain('Carla Rojas');
  });

  it('by card: no discount rows, the card as the method', () => {
    const rows = new Map(
      receiptRows(
        receipt({
          kind: 'card_order',
          discount: 0,
          total: 11_970,
          credits: null,
          payment_method: 'card',
        }),
      ),
    );
    expect(rows.has(t.discount)).toBe(false);
    expect(rows.get(t.paymentMethod)).toBe(t.methodCard);
  });

  it('a refund says what went back', () => {
    const rows = new Map(receiptRows(receipt({ kind: 'card_refund', discount: 0, credits: null })));
    expect(rows.has(t.totalRefunded)).toBe(true);
  });

  it('escapes what the customer typed and links the printable page', () => {
    const mail = receiptMail(
      'carla@example.com',
      'Carla',
      receipt(),
      'https://sello.test/recibo/x',
    );
    expect(mail.subject).toBe('Tu recibo R-000042 de Sello');
    expect(mail.html).toContain('Contrato &#60;arriendo&#62;');
    expect(mail.html).not.toContain('<arriendo>');
    expect(mail.html).toContain('href="https://sello.test/recibo/x"');
    expect(mail.text).toContain('Total pagado: $11.730');
  });
});

import { describe, expect, it } from 'vitest';
import type { ReceiptSummary } from '../../../../shared/contract/receipts';
import { receiptIndex, receiptOfTransaction, receiptPath } from './receiptIndex';

const receipt = (over: Partial<ReceiptSummary>): ReceiptSummary => ({
  id: 'a'.repeat(32),
  number: 'R-000001',
  kind: 'credit_package',
  description: 'Paquete Popular (500 créditos)',
  currency_code: 'CLP',
  total: 44_990,
  credits: 500,
  payment_intent_id: null,
  transaction_id: null,
  order_id: null,
  issued_at: '2026-11-27T19:00:00.000Z',
  ...over,
});

describe('receiptOfTransaction', () => {
  const pkg = receipt({ id: 'p'.repeat(32), payment_intent_id: 'pi_1' });
  const order = receipt({ id: 'o'.repeat(32), kind: 'credits_order', transaction_id: 'tx_9' });
  const index = receiptIndex([pkg, order]);

  it('finds a package purchase by its card payment', () => {
    expect(
      receiptOfTransaction(index, { id: 'tx_1', type: 'purchase', payment_intent_id: 'pi_1' }),
    ).toBe(pkg);
  });

  it('finds a credits payment or restore by its ledger record', () => {
    expect(
      receiptOfTransaction(index, { id: 'tx_9', type: 'usage', payment_intent_id: null }),
    ).toBe(order);
  });

  it('links nothing else, and nothing before the receipts load', () => {
    expect(
      receiptOfTransaction(index, { id: 'tx_2', type: 'usage', payment_intent_id: 'pi_1' }),
    ).toBeUndefined();
    expect(
      receiptOfTransaction(undefined, { id: 'tx_9', type: 'usage', payment_intent_id: null }),
    ).toBeUndefined();
  });

  it('points at the printable page', () => {
    expect(receiptPath(pkg.id)).toBe(`/recibo/${'p'.repeat(32)}`);
  });
});

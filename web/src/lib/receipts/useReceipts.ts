import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api';
import { type ReceiptIndex, receiptIndex } from './receiptIndex';

/**
 * The receipts the order modal and the credit history link to (issue 21 item 4). Shared by
 * both features (a feature never imports another), so it lives here. A receipt is issued a
 * moment after its payment (the webhook, the credits payment): the order's list is read again
 * while it is still empty.
 */
export const receiptsQueryKey = ['receipts'] as const;

/** How long after an order is paid its receipt may still be on its way. */
const RECEIPT_DUE_MS = 10 * 60_000;

export function useOrderReceipts(orderId: string, paidAt: string) {
  return useQuery({
    queryKey: [...receiptsQueryKey, 'order', orderId],
    queryFn: ({ signal }) => apiCall('listReceipts', { query: { order_id: orderId }, signal }),
    refetchInterval: (q) =>
      (q.state.data?.receipts.length ?? 0) === 0 && Date.now() - Date.parse(paidAt) < RECEIPT_DUE_MS
        ? 3000
        : false,
  });
}

/**
 * The caller's newest receipts, by the ledger record or card payment they are about; read
 * again every few seconds while `waiting` says one the screen shows is still missing.
 */
export function useReceiptIndex(waiting: (index: ReceiptIndex) => boolean) {
  return useQuery({
    queryKey: [...receiptsQueryKey, 'index'],
    queryFn: ({ signal }) => apiCall('listReceipts', { query: { limit: 100 }, signal }),
    select: (data) => receiptIndex(data.receipts),
    refetchInterval: (q) =>
      q.state.data && waiting(receiptIndex(q.state.data.receipts)) ? 3000 : false,
  });
}
